import { useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { NewRecommendationView } from '~/features/recommendations';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Recommander',
    description: 'Passez une recommandation à un membre du réseau.',
    path: '/recommandations/nouvelle',
    noindex: true,
  });

/** /recommandations/nouvelle?pour=<userId>: the `Recommander` form (subscribers only). */
export default function NewRecommendationPage() {
  const [params] = useSearchParams();
  const receiverId = params.get('pour')?.trim() || null;
  return (
    <RequireSubscriber>
      <PageHero title="Recommander">
        <p>Passez un contact ou votre propre besoin à un membre du réseau&nbsp;: il vous dira ce qu’il en a fait.</p>
      </PageHero>
      <NewRecommendationView key={receiverId ?? ''} receiverId={receiverId} />
    </RequireSubscriber>
  );
}
