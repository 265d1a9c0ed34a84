import { Card, CardContent } from '~/components/ui/card';
import { SubscriptionSummary } from '~/features/billing';
import { MyBusinessCardLink } from '~/features/member-page';
import { PickTradePrompt, ProfileForm, ProfileHeader, ProfileImages, useMe } from '~/features/profile';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({ title: 'Mon Profil', description: 'Votre profil de membre.', path: '/profile', noindex: true });

/**
 * /profile: who the member is (the form and the images), their card, and their subscription in one
 * line; the subscription itself, the payment method and the invoices are /profile/facturation's.
 */
export default function ProfileOverview() {
  const me = useMe().data;
  if (!me) return null;
  const { profile, user } = me;
  return (
    <>
      <ProfileHeader me={me} />
      <PickTradePrompt />
      <MyBusinessCardLink userId={user.id} />
      <SubscriptionSummary />
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-3">
        <Card className="min-w-0 xl:col-span-2">
          <CardContent className="pt-6">
            <h2 className="sr-only">Informations du profil</h2>
            <ProfileForm key={user.id} profile={profile} fallbackName={user.name} />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardContent className="pt-6">
            <ProfileImages profile={profile} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
