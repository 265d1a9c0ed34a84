/**
 * The public pages' forms that work without any script (issue 20, docs/decisions/0012): each is
 * a real `<form method="post">` whose action is the page's own address. Hydrated, React handles
 * the submission (and prevents the browser's); without scripts the browser posts the form there
 * and the server answers (apps/server/src/routes/page-forms.ts).
 */
export const pageFormPaths = {
  contact: '/contact',
  signIn: '/auth',
  signUp: '/auth/inscription',
  resetRequest: '/reset-password',
} as const;
export type PageForm = keyof typeof pageFormPaths;

/**
 * Where a form posted without scripts lands once done (303), and what that page then says. The
 * server writes the message into the prerendered page it answers (a flag in the query string).
 */
export const pageFormOutcomes = {
  /** The contact message is stored and its mails queued: /contact?envoye=1. */
  contactSent: { path: '/contact', flag: 'envoye' },
  /** Signed in: the home page says who. */
  signedIn: { path: '/', flag: 'connecte' },
  /** Sign-up sent: the home page says to look in the mailbox (the same for a known address). */
  signedUp: { path: '/', flag: 'bienvenue' },
  /** The password was right but the account asks a second factor, which needs scripts. */
  secondFactor: { path: '/auth', flag: 'second-facteur' },
  /** A reset link asked for: the same answer whether or not the address has an account. */
  resetRequested: { path: '/reset-password', flag: 'envoye' },
} as const;
export type PageFormOutcome = keyof typeof pageFormOutcomes;

/** The address an outcome redirects to. */
export function outcomeUrl(outcome: PageFormOutcome): string {
  const { path, flag } = pageFormOutcomes[outcome];
  return `${path}?${flag}=1`;
}
