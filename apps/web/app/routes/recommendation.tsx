import { useParams } from 'react-router';
import { NotFoundContent } from '~/components/not-found-content';
import { RequireAuth } from '~/features/auth';
import { RecommendationView } from '~/features/recommendations';
import { seo } from '~/lib/seo';
import type { Route } from './+types/recommendation';

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    title: 'Recommandation',
    description: 'Une recommandation, son suivi et son historique.',
    path: `/recommandations/${params.recommendationId}`,
    noindex: true,
  });

/** /recommandations/:recommendationId: read by its giver, its receiver and admins (404 otherwise). */
export default function RecommendationPage() {
  const { recommendationId = '' } = useParams();
  return (
    <RequireAuth>
      <RecommendationView key={recommendationId} id={recommendationId} notFound={<NotFoundContent />} />
    </RequireAuth>
  );
}
