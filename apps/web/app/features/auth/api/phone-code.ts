import { authMessages } from '@synergie/shared/auth';
import { signInMethodMessages } from '@synergie/shared/sign-in-methods';
import { displayPhone } from '@synergie/shared/sign-in-phone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { toSignInResult } from '../lib/sign-in-result';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Texts a 6-digit code (valid 5 minutes) to a member's number, E.164 (the shared schema made it). */
export function sendPhoneCode({ phoneNumber }: { phoneNumber: string }) {
  return unwrap(authClient.phoneNumber.sendOtp({ phoneNumber }));
}

/** `adding`: the signed-in member's new number, which always gets its code. */
export function useSendPhoneCode({ adding = false }: { adding?: boolean } = {}) {
  const message = adding ? signInMethodMessages.codeSentToNewNumber : signInMethodMessages.codeSent;
  return useMutation({
    mutationFn: sendPhoneCode,
    onSuccess: (_data, { phoneNumber }) => notify.info(message(displayPhone(phoneNumber))),
    onError: (error) => notify.error(error.message),
  });
}

/** Signs in with the code received by SMS (then, with two-factor on, the app's code is asked). */
export async function signInWithPhoneCode({ phoneNumber, code }: { phoneNumber: string; code: string }) {
  return toSignInResult(await unwrap(authClient.phoneNumber.verify({ phoneNumber, code })));
}

export function useSignInWithPhoneCode() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: signInWithPhoneCode,
    onSuccess: async (result) => {
      if (!result.signedIn) return;
      notify.success(authMessages.signInSuccess);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}

/** Adds (or changes) the signed-in member's number for SMS sign-in, with the code sent to it. */
export function useConfirmPhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phoneNumber, code }: { phoneNumber: string; code: string }) =>
      unwrap(authClient.phoneNumber.verify({ phoneNumber, code, updatePhoneNumber: true })),
    onSuccess: async () => {
      notify.success('Votre numéro est enregistré\u00a0: vous pouvez vous connecter avec un code reçu par SMS.');
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError: (error) => notify.error(error.message),
  });
}
