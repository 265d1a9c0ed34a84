import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmailCodeSignIn } from './email-code-sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { PasswordSignInForm } from './password-sign-in-form';
import { TwoFactorChallenge } from './two-factor-challenge';

type Step = 'password' | 'email-code' | 'two-factor';

/** The Connexion tab: password (then a second factor when needed), an emailed code, or a passkey. */
export function SignInPanel() {
  const [step, setStep] = useState<Step>('password');

  if (step === 'email-code')
    return <EmailCodeSignIn onBack={() => setStep('password')} onSecondFactor={() => setStep('two-factor')} />;
  if (step === 'two-factor') return <TwoFactorChallenge onBack={() => setStep('password')} />;
  return (
    <div className="flex flex-col gap-5">
      <PasswordSignInForm onSecondFactor={() => setStep('two-factor')} />
      <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        ou
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="flex flex-col gap-3">
        <Button type="button" variant="outline" onClick={() => setStep('email-code')}>
          <Mail aria-hidden="true" />
          Recevoir un code par email
        </Button>
        <PasskeySignInButton />
      </div>
    </div>
  );
}
