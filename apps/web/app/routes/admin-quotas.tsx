import { PageHero } from '~/components/layout/page-hero';
import { QuotasAdmin, RequireAdmin } from '~/features/admin';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Limites par membre',
    description: 'Les membres qui ont atteint une limite d’invitations, de mentions ou de messages.',
    path: '/admin/quotas',
    noindex: true,
  });

/** /admin/quotas (issue 33): who hit a member quota, and lifting it for one member for a while. */
export default function AdminQuotasPage() {
  return (
    <RequireAdmin>
      <PageHero title="Limites par membre">
        <p>
          {
            'Chaque membre a des limites par heure et par jour sur ce qui prévient ou écrit à quelqu’un d’autre (invitations, demandes de contact, recommandations, témoignages, tête-à-tête, messages et mentions du forum). Voici ceux qui en ont atteint une ces 7 derniers jours\u00a0: vous pouvez la lever pour l’un d’eux, le temps choisi.'
          }
        </p>
      </PageHero>
      <QuotasAdmin />
    </RequireAdmin>
  );
}
