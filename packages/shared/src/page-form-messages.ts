// What the public pages' forms answer without scripts (routes/page-forms.ts, docs/decisions/0012).
// Apart from page-forms.ts: the forms' pages import their paths, not these words nor the account
// schemas they reuse.
import { authMessages } from './auth';

/** What those pages say, and what a refused form says above its fields (French typography). */
export const pageFormMessages = {
  refused: 'Le formulaire n’a pas pu être envoyé\u00a0: corrigez les champs signalés.',
  // The spec's own words first (authMessages), as the toasts say them with scripts.
  signedIn: (name: string) => `${authMessages.signInSuccess} Vous êtes connecté en tant que ${name}.`,
  signedUp: authMessages.signUpRequested,
  memberAreaNeedsScripts:
    'Votre espace membre a besoin de JavaScript\u00a0: activez-le dans votre navigateur pour y accéder.',
  secondFactor:
    'Votre compte est protégé par un second facteur. La saisie du code a besoin de JavaScript\u00a0: activez-le dans votre navigateur, puis connectez-vous de nouveau.',
  /** The link under that message: the sign-in page as built, with its scripts. */
  signInAgain: 'Rouvrir la page de connexion',
  forbidden: 'Ce formulaire doit être envoyé depuis le site lui-même. Rechargez la page, puis réessayez.',
} as const;
