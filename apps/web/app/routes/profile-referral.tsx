import { ReferralCard, SelfBillingCard } from '~/features/referral';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Parrainage - Mon Profil',
    description: 'Votre lien de parrainage, vos commissions, votre mandat d’autofacturation et vos factures.',
    path: '/profile/parrainage',
    noindex: true,
  });

/** /profile/parrainage: the referral link and commissions, the self-billing mandate and invoices. */
export default function ProfileReferral() {
  return (
    <>
      <ReferralCard />
      <SelfBillingCard />
    </>
  );
}
