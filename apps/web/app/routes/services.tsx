import { PageHero } from '~/components/layout/page-hero';
import { MemberServices, ShowcaseServiceCard, showcaseServices } from '~/features/services';
import { organizationJsonLd, seo } from '~/lib/seo';
import { SITE_URL } from '~/lib/site';

export const meta = () =>
  seo({
    title: 'Services',
    description:
      'Développement web, applications mobiles, cloud, gestion des données, sécurité et optimisation : les services du réseau Synergie Pro et de ses membres.',
    path: '/services',
    jsonLd: showcaseServices.map((service) => ({
      '@type': 'Service',
      name: service.title,
      description: service.description,
      image: `${SITE_URL}${service.image}`,
      areaServed: 'FR',
      provider: organizationJsonLd(),
    })),
  });

export default function ServicesPage() {
  return (
    <>
      <PageHero title="Nos Services">
        <p>
          Des solutions numériques pour développer votre activité, et le savoir-faire des membres du réseau à votre
          disposition.
        </p>
      </PageHero>

      <section aria-labelledby="showcase-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-10 max-w-3xl">
          <h2 id="showcase-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Nos domaines d’expertise
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Six domaines pour accompagner les entreprises du réseau, de la création de leur site à la sécurité de leurs
            données.
          </p>
        </div>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {showcaseServices.map((service, index) => (
            <li key={service.slug}>
              <ShowcaseServiceCard service={service} eager={index < 3} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="member-services-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="mb-8 max-w-3xl">
            <h2 id="member-services-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Services de nos membres
            </h2>
            <p className="mt-3 text-lg text-slate-600">
              Artisans, conseillers, professions libérales, commerçants : les membres du réseau présentent ici leurs
              propres services.
            </p>
          </div>
          <MemberServices />
        </div>
      </section>
    </>
  );
}
