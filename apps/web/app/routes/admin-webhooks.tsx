import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin } from '~/features/admin';
import { WebhooksAdmin } from '~/features/webhooks';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Webhooks sortants',
    description: 'Les événements du réseau envoyés aux autres outils, signés, avec leur journal.',
    path: '/admin/webhooks',
    noindex: true,
  });

export default function AdminWebhooksPage() {
  return (
    <RequireAdmin>
      <PageHero title="Webhooks sortants">
        <p>Dites à vos autres outils (CRM, tableur, automatisations) ce qui se passe dans le réseau.</p>
      </PageHero>
      <WebhooksAdmin />
    </RequireAdmin>
  );
}
