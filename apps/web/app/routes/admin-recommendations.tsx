import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin } from '~/features/admin';
import { AdminRecommendationTotals } from '~/features/recommendations';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Recommandations',
    description: 'Les totaux nationaux des recommandations et des affaires conclues.',
    path: '/admin/recommandations',
    noindex: true,
  });

/** /admin/recommandations: the network's recommendations and closed business, month by month. */
export default function AdminRecommendationsPage() {
  return (
    <RequireAdmin>
      <PageHero title="Recommandations">
        <p>
          Les recommandations données dans tout le réseau sur les 12 derniers mois, où elles en sont aujourd’hui, avec
          les montants déclarés et confirmés.
        </p>
      </PageHero>
      <AdminRecommendationTotals />
    </RequireAdmin>
  );
}
