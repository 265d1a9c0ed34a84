import { signInMethodEndpoints } from '@synergie/shared/endpoints';
import { signInMethodMessages } from '@synergie/shared/sign-in-methods';
import { LogIn } from 'lucide-react';
import { buttonVariants } from '~/components/ui/button';
import { apiHref } from '~/lib/api-client';
import { useAuthMethods } from '../api/auth-methods';

/**
 * Google, LinkedIn and the network's own identity provider, when the server offers them. Plain
 * links to /api/sign-in/:provider: they need no script, the server takes the browser to the
 * provider and back (docs/decisions/0009-sign-in-methods.md).
 */
export function SocialSignIn() {
  const methods = useAuthMethods();
  const providers = methods.data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Autres moyens de connexion">
      {providers.map((provider) => (
        <li key={provider.id} className="flex flex-col">
          <a
            href={apiHref(signInMethodEndpoints.start, { params: { provider: provider.id } })}
            className={buttonVariants({ variant: 'outline' })}
          >
            <LogIn aria-hidden="true" />
            {signInMethodMessages.continueWith(provider.name)}
          </a>
        </li>
      ))}
    </ul>
  );
}
