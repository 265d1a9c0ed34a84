import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin } from '~/features/admin';
import { ForumAdminPage } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Catégories du forum',
    description: 'Gestion des catégories nationales du forum.',
    path: '/admin/forum',
    noindex: true,
  });

export default function AdminForumPage() {
  return (
    <RequireAdmin>
      <PageHero title="Catégories du forum">
        <p>Créez, renommez, ordonnez ou archivez les catégories nationales du forum.</p>
      </PageHero>
      <ForumAdminPage />
    </RequireAdmin>
  );
}
