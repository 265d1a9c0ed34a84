import { EMAIL_VERIFIED_PATH } from '@synergie/shared/site';
import { useMutation } from '@tanstack/react-query';

/**
 * Sends the verification link again (Better Auth), landing on `Aujourd'hui` as the sign-up's does.
 * The auth library loads on the press only: `Aujourd'hui` shows the button to every new member.
 */
export async function sendVerificationEmail(email: string) {
  const { authClient, unwrap } = await import('../lib/auth-client');
  return unwrap(authClient.sendVerificationEmail({ email, callbackURL: EMAIL_VERIFIED_PATH }));
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
