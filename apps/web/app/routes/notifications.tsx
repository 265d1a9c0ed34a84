import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { NotificationCentre } from '~/features/notifications';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Notifications',
    description: 'Vos notifications\u00a0: recommandations, candidatures, témoignages et listes d’attente.',
    path: '/notifications',
    noindex: true,
  });

/** /notifications: the member's notification centre. */
export default function NotificationsPage() {
  return (
    <RequireAuth>
      <PageHero title="Notifications">
        <p>Tout ce qui vous concerne dans le réseau, du plus récent au plus ancien.</p>
      </PageHero>
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        <NotificationCentre />
      </div>
    </RequireAuth>
  );
}
