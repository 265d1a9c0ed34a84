/**
 * The sections of `Mon profil` (issue 31): each has its own address, one entry of this list. The
 * web's section navigation draws this list in its order, `site.ts` serves each path as an app page,
 * and the server's links (mails, pushes) name a section by its key.
 *
 * To add a section: one entry here, one child route of `profile` in `apps/web/app/routes.ts` and
 * its component in its own route module (`apps/web/app/routes/profile-<name>.tsx`);
 * `apps/web/app/routes.test.ts` checks the list and the routes agree.
 *
 * `anchors` are the ids the section's content carries that older links point at
 * (`/profile#appareils` from a push sent before the split): /profile sends such a link on to the
 * section, hash kept.
 */
export const profileSections = [
  { key: 'profil', path: '/profile', label: 'Profil', anchors: ['metier'] },
  {
    key: 'facturation',
    path: '/profile/facturation',
    label: 'Facturation',
    anchors: ['abonnement', 'moyen-de-paiement', 'factures', 'coordonnees-facturation'],
  },
  {
    key: 'notifications',
    path: '/profile/notifications',
    label: 'Notifications',
    anchors: ['notification-settings', 'appareils'],
  },
  { key: 'securite', path: '/profile/securite', label: 'Sécurité', anchors: ['security-title'] },
  {
    key: 'parrainage',
    path: '/profile/parrainage',
    label: 'Parrainage',
    anchors: ['parrainage', 'autofacturation'],
  },
  { key: 'donnees', path: '/profile/donnees', label: 'Mes données', anchors: ['account-data-title'] },
] as const satisfies readonly ProfileSection[];

export interface ProfileSection {
  key: string;
  path: string;
  label: string;
  anchors: readonly string[];
}

export type ProfileSectionKey = (typeof profileSections)[number]['key'];
export type ProfileSectionPath = (typeof profileSections)[number]['path'];

/** A section's address, e.g. `profileSectionPath('notifications')` → `/profile/notifications`. */
export function profileSectionPath(key: ProfileSectionKey): ProfileSectionPath {
  const section = profileSections.find((s) => s.key === key);
  if (!section) throw new Error(`unknown profile section ${key}`);
  return section.path;
}

/**
 * Where an old link into /profile lands: `#appareils` → `/profile/notifications#appareils`;
 * null when the anchor is the main section's own (or unknown: the main section then).
 */
export function profileSectionForAnchor(hash: string): string | null {
  const anchor = hash.replace(/^#/, '');
  if (!anchor) return null;
  const section = profileSections.find((s) => (s.anchors as readonly string[]).includes(anchor));
  if (!section || section.path === '/profile') return null;
  return `${section.path}#${anchor}`;
}
