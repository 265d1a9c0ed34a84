import { PageHero } from '~/components/layout/page-hero';
import { MemberProjects, SampleProjectCard, sampleProjects } from '~/features/projects';
import { seo } from '~/lib/seo';
import { SITE_NAME } from '~/lib/site';

export const meta = () =>
  seo({
    title: 'Portfolio',
    description:
      'Découvrez des réalisations du réseau Synergie Pro : sites, applications et outils créés pour des artisans, commerçants et professions libérales, et les projets de nos membres.',
    path: '/portfolio',
  });

// Spec section 9: the static figures of the network.
const figures = [
  { value: '200+', label: 'projets réalisés' },
  { value: '15+', label: 'récompenses' },
];

export default function PortfolioPage() {
  return (
    <>
      <PageHero title="Portfolio">
        <p>Des projets concrets, menés pour et par les entreprises du réseau.</p>
        <dl className="mt-6 flex flex-wrap gap-8">
          {figures.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse">
              <dt className="text-sm text-brand-100">{figure.label}</dt>
              <dd className="text-3xl font-bold text-white">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section aria-labelledby="sample-projects-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-10 max-w-3xl">
          <h2 id="sample-projects-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Projets {SITE_NAME}
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Une sélection de réalisations qui montre ce que la complémentarité des métiers permet de construire.
          </p>
        </div>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {sampleProjects.map((project, index) => (
            <li key={project.slug}>
              <SampleProjectCard project={project} eager={index < 3} />
            </li>
          ))}
        </ul>
      </section>

      <div className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <MemberProjects scope="all" title="Projets de nos Membres" headingId="member-projects-title" />
        </div>
      </div>
    </>
  );
}
