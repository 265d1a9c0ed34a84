import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { OneToOnesView } from '~/features/social';
import { OneToOneSuggestions } from '~/features/suggestions';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Tête-à-tête',
    description: 'Vos rencontres en tête-à-tête avec les membres du réseau.',
    path: '/tete-a-tete',
    noindex: true,
  });

/** /tete-a-tete: the member's one-to-ones (network-core §3), counted once the other confirms. */
export default function OneToOnesPage() {
  return (
    <RequireSubscriber>
      <PageHero title="Tête-à-tête">
        <p>Déclarez vos rencontres avec les membres du réseau et confirmez celles qu’ils ont déclarées avec vous.</p>
      </PageHero>
      <OneToOnesView />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <OneToOneSuggestions />
      </div>
    </RequireSubscriber>
  );
}
