import type { ConfirmPasswordInput } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

export interface TwoFactorEnrolment {
  /** otpauth:// address the authenticator app reads (from the QR code or by hand). */
  totpURI: string;
  backupCodes: string[];
}

/** Starts enrolment: a new secret and 10 backup codes. Two-factor is on only once a first code is verified. */
export async function enableTwoFactor({ password }: ConfirmPasswordInput): Promise<TwoFactorEnrolment> {
  const data: object = await unwrap(authClient.twoFactor.enable({ password }));
  if (!('totpURI' in data) || typeof data.totpURI !== 'string' || !('backupCodes' in data)) {
    throw new Error('Réponse inattendue du serveur. Veuillez réessayer.');
  }
  return { totpURI: data.totpURI, backupCodes: data.backupCodes as string[] };
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor, onError: (error) => notify.error(error.message) });
}
