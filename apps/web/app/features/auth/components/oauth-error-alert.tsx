import { oauthErrorMessage } from '@synergie/shared/sign-in-methods';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '~/components/ui/alert';

/**
 * A social or SSO sign-in that failed comes back to /auth?error=CODE: said in French. Shown once
 * hydrated: the prerendered /auth has no query string, and the first render must match it.
 */
export function OAuthErrorAlert() {
  const [params] = useSearchParams();
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(params.get('error')), [params]);
  if (!code) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{oauthErrorMessage(code)}</AlertDescription>
    </Alert>
  );
}
