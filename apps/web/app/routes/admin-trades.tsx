import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin, TradesAdmin } from '~/features/admin';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Métiers',
    description: 'Gestion du catalogue des métiers\u00a0: ajout, modification et fusion.',
    path: '/admin/metiers',
    noindex: true,
  });

export default function AdminTradesPage() {
  return (
    <RequireAdmin>
      <PageHero title="Métiers">
        <p>
          Le catalogue des métiers, par famille : ajoutez, renommez ou fusionnez un métier. Une fusion déplace ses
          membres et leurs sièges.
        </p>
      </PageHero>
      <TradesAdmin />
    </RequireAdmin>
  );
}
