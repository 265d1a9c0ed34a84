import { lazy, Suspense } from 'react';
import { useAuthMethods } from '../api/auth-methods';
import { PasskeysCard } from './passkeys-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Two-factor authentication, passkeys and active sessions of the signed-in member (on /profile). */
// The number for SMS sign-in, with libphonenumber's metadata: loaded only when the site offers it.
const PhoneNumberCard = lazy(() => import('./phone-number-card').then((m) => ({ default: m.PhoneNumberCard })));

export function SecuritySection() {
  const methods = useAuthMethods();
  return (
    <section aria-labelledby="security-title" className="flex flex-col gap-6">
      <h2 id="security-title" className="text-2xl font-semibold">
        Sécurité
      </h2>
      <TwoFactorCard />
      <PasskeysCard />
      {methods.data?.phone ? (
        <Suspense fallback={null}>
          <PhoneNumberCard />
        </Suspense>
      ) : null}
      <SessionsCard />
    </section>
  );
}
