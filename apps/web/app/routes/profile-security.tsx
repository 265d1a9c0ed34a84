import { SecuritySection } from '~/features/auth';
import { CalendarLinkRenewal } from '~/features/meetings';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Sécurité - Mon Profil',
    description: 'Double authentification, clés d’accès et sessions actives.',
    path: '/profile/securite',
    noindex: true,
  });

/**
 * /profile/securite: two-factor authentication, passkeys, the phone number, the sessions, and the
 * calendar feed's link, renewed here (issue 33).
 */
export default function ProfileSecurity() {
  return (
    <>
      <SecuritySection />
      <CalendarLinkRenewal />
    </>
  );
}
