import { oauthErrorMessage } from '@synergie/shared/sign-in-methods';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '~/components/ui/alert';

/** A social or SSO sign-in that failed comes back to /auth?error=CODE: said in French. */
export function OAuthErrorAlert() {
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{oauthErrorMessage(code)}</AlertDescription>
    </Alert>
  );
}
