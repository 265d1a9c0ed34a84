import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { TestimonialsView } from '~/features/social';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Témoignages',
    description: 'Les témoignages que vous avez reçus et écrits.',
    path: '/temoignages',
    noindex: true,
  });

/** /temoignages: testimonials received (to publish) and written (network-core §3). */
export default function TestimonialsPage() {
  return (
    <RequireSubscriber>
      <PageHero title="Témoignages">
        <p>Publiez sur votre page de membre les témoignages que vous recevez, et suivez ceux que vous avez écrits.</p>
      </PageHero>
      <TestimonialsView />
    </RequireSubscriber>
  );
}
