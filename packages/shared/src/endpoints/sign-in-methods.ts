import { endpoint, redirectResponse } from '../endpoint';
import { authMethodsSchema, signInProviderParamsSchema } from '../sign-in-methods';

const tags = ['Authentification'];

/**
 * GET /api/auth-methods, the sign-in methods /auth offers besides email and password, and
 * GET /api/sign-in/:provider, the start of a social or SSO sign-in as a plain link
 * (docs/decisions/0009-sign-in-methods.md).
 */
export const signInMethodEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/auth-methods',
    operationId: 'listSignInMethods',
    tags,
    summary: 'Les moyens de connexion proposés en plus de l’email (fournisseurs, SMS)',
    access: 'public',
    responses: { 200: authMethodsSchema },
  }),
  /**
   * A browser navigation answered by a redirect (to the provider, or /auth?error=...), like
   * /r/:code: not part of the JSON API's documentation.
   */
  start: endpoint({
    method: 'GET',
    path: '/sign-in/:provider',
    operationId: 'startSocialSignIn',
    tags,
    summary: 'Commencer une connexion par un fournisseur (Google, LinkedIn, SSO)\u00a0: redirection vers lui',
    access: 'public',
    params: signInProviderParamsSchema,
    responses: {
      302: redirectResponse('Vers le fournisseur, ou vers /auth?error=… si la connexion ne peut commencer'),
    },
    hidden: true,
  }),
};
