import { PageHero } from '~/components/layout/page-hero';
import { PartnerList } from '~/features/partners';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Partenaires',
    description:
      'Les sites partenaires du réseau Synergie Pro : des entreprises et organisations qui accompagnent nos membres dans le développement de leur activité.',
    path: '/partners',
  });

export default function PartnersPage() {
  return (
    <>
      <PageHero title="Nos Partenaires">
        <p>Des entreprises et organisations de confiance qui accompagnent les membres du réseau au quotidien.</p>
      </PageHero>
      <section aria-labelledby="partners-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="partners-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
          Sites partenaires
        </h2>
        <PartnerList />
      </section>
    </>
  );
}
