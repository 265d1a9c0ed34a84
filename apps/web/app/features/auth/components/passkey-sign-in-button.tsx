import { KeyRound } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useSignInWithPasskey } from '../api/sign-in-passkey';

/** Sign-in with a passkey (WebAuthn): the browser shows the passkeys saved for this site. */
export function PasskeySignInButton() {
  const signIn = useSignInWithPasskey();
  return (
    <Button type="button" variant="outline" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
      <KeyRound aria-hidden="true" />
      {signIn.isPending ? 'Connexion en cours…' : 'Se connecter avec une clé d’accès'}
    </Button>
  );
}
