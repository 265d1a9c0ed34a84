import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin } from '~/features/admin';
import { EventCategoriesAdmin } from '~/features/event-categories';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Catégories d’événements',
    description: 'Gestion des catégories d’événements\u00a0: nom et image.',
    path: '/admin/event-categories',
    noindex: true,
  });

export default function AdminEventCategoriesPage() {
  return (
    <RequireAdmin>
      <PageHero title="Catégories d’événements">
        <p>Créez, renommez ou supprimez les catégories proposées aux organisateurs d’événements.</p>
      </PageHero>
      <EventCategoriesAdmin />
    </RequireAdmin>
  );
}
