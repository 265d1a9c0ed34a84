import { PageHero } from '~/components/layout/page-hero';
import { OpportunityCard, sampleOpportunities } from '~/features/opportunities';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Opportunités',
    description:
      'Projets et opportunités d’affaires partagés au sein du réseau Synergie Pro : rénovation, immobilier, juridique, gestion de patrimoine et bien d’autres métiers.',
    path: '/opportunities',
  });

export default function OpportunitiesPage() {
  return (
    <>
      <PageHero title="Opportunités d’affaires">
        <p>
          Les membres partagent leurs besoins et leurs projets : autant d’occasions de travailler ensemble et de faire
          grandir le chiffre d’affaires de chacun.
        </p>
      </PageHero>
      <section aria-labelledby="opportunities-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="opportunities-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
          Projets en cours
        </h2>
        <ul className="grid gap-8 md:grid-cols-2">
          {sampleOpportunities.map((opportunity) => (
            <li key={opportunity.id}>
              <OpportunityCard opportunity={opportunity} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
