import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { CompanyList } from '~/features/companies';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Entreprises partenaires',
    description: 'Les entreprises partenaires du réseau, réservées aux membres abonnés.',
    path: '/companies',
    noindex: true,
  });

/** /companies: the six partner companies (subscribers only, spec sections 2 and 6). */
export default function CompaniesPage() {
  return (
    <RequireSubscriber>
      <PageHero title="Entreprises partenaires">
        <p>Des entreprises de confiance, recommandées par les membres du réseau.</p>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <CompanyList />
      </div>
    </RequireSubscriber>
  );
}
