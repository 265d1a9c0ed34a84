import { PageHero } from '~/components/layout/page-hero';
import { GroupsAdmin, RequireAdmin } from '~/features/admin';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Groupes',
    description: 'Gestion des groupes locaux\u00a0: création, modification, responsables.',
    path: '/admin/groupes',
    noindex: true,
  });

export default function AdminGroupsPage() {
  return (
    <RequireAdmin>
      <PageHero title="Groupes">
        <p>
          Créez et modifiez les groupes locaux. Les responsables se nomment depuis la page de gestion de chaque groupe.
        </p>
      </PageHero>
      <GroupsAdmin />
    </RequireAdmin>
  );
}
