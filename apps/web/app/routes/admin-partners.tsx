import { PageHero } from '~/components/layout/page-hero';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { PartnersAddForm, PartnersAdminList, RequireAdmin } from '~/features/admin';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Gestion des partenaires',
    description: 'Administration des sites partenaires.',
    path: '/admin/partners',
    noindex: true,
  });

export default function AdminPartnersPage() {
  return (
    <RequireAdmin>
      <PageHero title="Gestion des partenaires">
        <p>Les sites partenaires affichés sur la page publique Partenaires&nbsp;: à la une d’abord, puis par ordre.</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Ajouter un partenaire</CardTitle>
          </CardHeader>
          <CardContent>
            <PartnersAddForm />
          </CardContent>
        </Card>
        <section aria-labelledby="partners-admin-title" className="flex flex-col gap-4">
          <h2 id="partners-admin-title" className="text-2xl font-bold text-slate-900">
            Partenaires
          </h2>
          <PartnersAdminList />
        </section>
      </div>
    </RequireAdmin>
  );
}
