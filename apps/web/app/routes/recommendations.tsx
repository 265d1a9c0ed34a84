import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { MyRecommendationsView } from '~/features/recommendations';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mes recommandations',
    description: 'Les recommandations que vous avez reçues et données, leur suivi et les affaires conclues.',
    path: '/recommandations',
    noindex: true,
  });

/** /recommandations: the member's received and given recommendations (network-core §3). */
export default function RecommendationsPage() {
  return (
    <RequireAuth>
      <PageHero title="Mes recommandations">
        <p>Suivez les recommandations reçues et données, étape par étape, jusqu’à l’affaire conclue.</p>
      </PageHero>
      <MyRecommendationsView />
    </RequireAuth>
  );
}
