import type { PasskeyNameInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

/** Registers a passkey of this device (or a security key) under a name the member chooses. */
export function addPasskey({ name }: PasskeyNameInput) {
  return unwrap(
    authClient.passkey.addPasskey({ name: name.trim() }),
    'L’ajout de la clé d’accès n’a pas abouti. Réessayez.',
  );
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => notify.success(authMessages.passkeyAdded),
    onError: (error) => notify.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.passkeys }),
  });
}
