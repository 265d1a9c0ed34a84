import { PasskeysCard } from './passkeys-card';
import { PhoneNumberCard } from './phone-number-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Two-factor authentication, passkeys and active sessions of the signed-in member (on /profile). */
export function SecuritySection() {
  return (
    <section aria-labelledby="security-title" className="flex flex-col gap-6">
      <h2 id="security-title" className="text-2xl font-semibold">
        Sécurité
      </h2>
      <TwoFactorCard />
      <PasskeysCard />
      <PhoneNumberCard />
      <SessionsCard />
    </section>
  );
}
