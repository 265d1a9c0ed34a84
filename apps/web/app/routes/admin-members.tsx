import { PageHero } from '~/components/layout/page-hero';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { MembersPromoteForm, MembersTable, RequireAdmin } from '~/features/admin';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Gestion des membres',
    description: 'Administration des membres du réseau.',
    path: '/admin/members',
    noindex: true,
  });

export default function AdminMembersPage() {
  return (
    <RequireAdmin>
      <PageHero title="Gestion des membres">
        <p>Tous les membres du réseau&nbsp;: rechercher, modifier, supprimer, nommer un administrateur.</p>
      </PageHero>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle>Ajouter un administrateur</CardTitle>
          </CardHeader>
          <CardContent>
            <MembersPromoteForm />
          </CardContent>
        </Card>
        <section aria-labelledby="members-title" className="flex flex-col gap-4">
          <h2 id="members-title" className="text-2xl font-bold text-slate-900">
            Membres
          </h2>
          <MembersTable />
        </section>
      </div>
    </RequireAdmin>
  );
}
