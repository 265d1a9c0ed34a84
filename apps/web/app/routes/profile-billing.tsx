import { MyInvoicesCard, PaymentDetailsCard, SubscriptionCard } from '~/features/billing';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Facturation - Mon Profil',
    description: 'Votre abonnement, votre moyen de paiement, vos factures et vos coordonnées de facturation.',
    path: '/profile/facturation',
    noindex: true,
  });

/**
 * /profile/facturation (issue 31): the subscription (`#abonnement`), the payment method and a failed
 * debit (`#moyen-de-paiement`, where the debit mails lead), `Mes factures` (`#factures`) and the
 * billing details (`#coordonnees-facturation`). The checkout and the provider's portal come back
 * here; /profile keeps a line of the subscription with a link to this section.
 */
export default function ProfileBilling() {
  return (
    <>
      <SubscriptionCard />
      <PaymentDetailsCard />
      <MyInvoicesCard />
    </>
  );
}
