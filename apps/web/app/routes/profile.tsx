import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageHero } from '~/components/layout/page-hero';
import { LoadError, Loading } from '~/components/query-state';
import { Card, CardContent } from '~/components/ui/card';
import { RequireAuth, SecuritySection } from '~/features/auth';
import { SubscriptionCard } from '~/features/billing';
import { MyBusinessCardLink } from '~/features/member-page';
import { NotificationSettingsSection } from '~/features/notifications';
import { AccountDataCard, PickTradePrompt, ProfileForm, ProfileHeader, ProfileImages, useMe } from '~/features/profile';
import { PushDevicesCard } from '~/features/push';
import { ReferralCard, SelfBillingCard } from '~/features/referral';
import { ApiRequestError } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({ title: 'Mon Profil', description: 'Votre profil de membre.', path: '/profile', noindex: true });

export default function ProfilePage() {
  return (
    <RequireAuth>
      <PageHero title="Mon Profil" />
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10">
        <MemberProfile />
      </div>
    </RequireAuth>
  );
}

function MemberProfile() {
  const me = useMe();
  const queryClient = useQueryClient();
  const signedOut = me.error instanceof ApiRequestError && me.error.status === 401;

  // The session ended elsewhere: the guard sees it once the session query is refreshed.
  useEffect(() => {
    if (signedOut) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [signedOut, queryClient]);

  if (me.isPending) return <ProfileSkeleton />;

  if (me.isError) {
    return (
      <LoadError
        message="Erreur lors du chargement du profil"
        onRetry={() => me.refetch()}
        retrying={me.isRefetching}
      />
    );
  }

  const { profile, user } = me.data;
  return (
    <>
      <ProfileHeader me={me.data} />
      <PickTradePrompt />
      <MyBusinessCardLink userId={user.id} />
      <SubscriptionCard />
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
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
      <ReferralCard />
      <SelfBillingCard />
      <PushDevicesCard />
      <NotificationSettingsSection />
      <SecuritySection />
      <AccountDataCard email={user.email} />
    </>
  );
}

function ProfileSkeleton() {
  return (
    <Loading label="Chargement du profil...">
      <div className="flex animate-pulse flex-col gap-8" aria-hidden="true">
        <div className="flex items-center gap-5">
          <div className="size-24 rounded-full bg-slate-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-7 w-1/3 rounded bg-slate-200" />
            <div className="h-4 w-1/4 rounded bg-slate-200" />
          </div>
        </div>
        <div className="h-96 rounded-xl bg-slate-200" />
      </div>
    </Loading>
  );
}
