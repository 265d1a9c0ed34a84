import { authMessages } from '@synergie/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

export function deletePasskey(id: string) {
  return unwrap(authClient.passkey.deletePasskey({ id }));
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => notify.success(authMessages.passkeyDeleted),
    onError: (error) => notify.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.passkeys }),
  });
}
