// Constants with no dependency: the member page and the dashboard import them without zod.

/** The public page of a member (their digital business card), client-rendered: site.ts appPages. */
export const MEMBER_PAGE_PATTERN = '/membres/:userId';

export function memberPagePath(userId: string): string {
  return `/membres/${encodeURIComponent(userId)}`;
}

/** A bio longer than this is cut (with '…') in the vCard's NOTE. */
export const VCARD_NOTE_MAX = 500;
/** The newest services and projects shown on a member page. */
export const MEMBER_PAGE_ITEMS_MAX = 12;
/** The newest approved testimonials shown on a member page. */
export const MEMBER_PAGE_TESTIMONIALS_MAX = 10;

export const memberPageMessages = {
  notFound: 'Membre introuvable',
  loadFailed: 'Erreur lors du chargement du membre',
  downloadVcard: 'Télécharger la carte de visite (.vcf)',
  share: 'Partager',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  copyFailed: 'Impossible de copier le lien',
  myCard: 'Voir ma carte de visite',
  contactHidden: 'Les coordonnées sont réservées aux membres abonnés.',
  dashboardLoadFailed: 'Erreur lors du chargement du tableau de bord',
} as const;
