import { AccountDataCard, useMe } from '~/features/profile';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mes données - Mon Profil',
    description: 'Télécharger vos données ou supprimer votre compte.',
    path: '/profile/donnees',
    noindex: true,
  });

/** /profile/donnees: the RGPD export and the account's deletion. */
export default function ProfileData() {
  const me = useMe().data;
  if (!me) return null;
  return <AccountDataCard email={me.user.email} />;
}
