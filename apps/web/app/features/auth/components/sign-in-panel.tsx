import { Mail, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { NEEDS_SCRIPTS } from '~/lib/needs-scripts';
import { useAuthMethods } from '../api/auth-methods';
import { EmailCodeSignIn } from './email-code-sign-in';
import { OAuthErrorAlert } from './oauth-error-alert';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { PasswordSignInForm } from './password-sign-in-form';
import { SocialSignIn } from './social-sign-in';
import { TwoFactorChallenge } from './two-factor-challenge';

// The SMS step, with libphonenumber's metadata: loaded when chosen.
const PhoneCodeSignIn = lazy(() => import('./phone-code-sign-in').then((m) => ({ default: m.PhoneCodeSignIn })));

type Step = 'password' | 'email-code' | 'phone-code' | 'two-factor';

/**
 * The Connexion tab: password (then a second factor when needed), an emailed code, a passkey, and
 * when the server offers them, a code by SMS and Google, LinkedIn or the network's own provider.
 */
export function SignInPanel() {
  const [step, setStep] = useState<Step>('password');
  const methods = useAuthMethods();

  if (step === 'email-code')
    return <EmailCodeSignIn onBack={() => setStep('password')} onSecondFactor={() => setStep('two-factor')} />;
  if (step === 'phone-code')
    return (
      <Suspense fallback={<Loading variant="text" className="text-sm" />}>
        <PhoneCodeSignIn onBack={() => setStep('password')} onSecondFactor={() => setStep('two-factor')} />
      </Suspense>
    );
  if (step === 'two-factor') return <TwoFactorChallenge onBack={() => setStep('password')} />;
  return (
    <div className="flex flex-col gap-5">
      <OAuthErrorAlert />
      <PasswordSignInForm onSecondFactor={() => setStep('two-factor')} />
      {/* The other ways in are buttons that need scripts: hidden until hydrated (issue 20). */}
      <div className={`flex items-center gap-3 text-sm text-slate-600 ${NEEDS_SCRIPTS}`} aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        ou
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className={`flex flex-col gap-3 ${NEEDS_SCRIPTS}`}>
        <Button type="button" variant="outline" onClick={() => setStep('email-code')}>
          <Mail aria-hidden="true" />
          Recevoir un code par email
        </Button>
        {methods.data?.phone ? (
          <Button type="button" variant="outline" onClick={() => setStep('phone-code')}>
            <Smartphone aria-hidden="true" />
            Téléphone (code par SMS)
          </Button>
        ) : null}
        <PasskeySignInButton />
        <SocialSignIn />
      </div>
    </div>
  );
}
