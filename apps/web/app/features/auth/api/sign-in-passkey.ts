import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Signs in with a passkey (WebAuthn): the browser asks the member to choose one. */
export function signInWithPasskey() {
  return unwrap(
    authClient.signIn.passkey(),
    'La connexion avec une clé d’accès n’a pas abouti. Réessayez ou utilisez votre mot de passe.',
  );
}

export function useSignInWithPasskey() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: async () => {
      notify.success(authMessages.signInSuccess);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
