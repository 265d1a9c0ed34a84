// Project constants and messages with no dependency: /portfolio imports them without zod.

export const PROJECT_TITLE_MAX = 150;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const PROJECT_CATEGORY_MAX = 80;
/** Spec section 9: three tag inputs in the dialog, hence at most three tags. */
export const PROJECT_TAG_INPUTS = 3;
export const PROJECT_TAG_MAX = 40;
/** Spec section 9: descriptions longer than this get 'Voir plus' (clamped to 4 lines). */
export const PROJECT_DESCRIPTION_PREVIEW = 150;
/** Spec section 9: skeletons shown while the members' projects load. */
export const PROJECT_SKELETONS = 3;
export const PROJECTS_PAGE_DEFAULT = 50;
export const PROJECTS_PAGE_MAX = 100;

export const projectMessages = {
  titleRequired: 'Le titre est requis.',
  signInRequired: 'Vous devez être connecté.',
  imageUploaded: 'Image téléchargée avec succès.',
  deleted: 'Projet supprimé avec succès.',
  updated: 'Projet modifié avec succès.',
  created: 'Projet créé avec succès.',
  confirmDeleteTitle: 'Confirmer la suppression',
  confirmDeleteText: 'Cette action est irréversible. Le projet sera définitivement supprimé.',
  empty: 'Aucun projet de membre pour le moment. Soyez le premier à partager votre réalisation\u202f!',
  showMore: 'Voir plus',
  showLess: 'Voir moins',
  view: 'Voir le projet',
  create: 'Créer un projet',
  edit: 'Modifier le projet',
  uploading: 'Téléchargement en cours…',
  notFound: 'Projet introuvable',
  notOwner: 'Vous ne pouvez modifier ou supprimer que vos propres projets.',
  invalidCursor: 'Curseur de pagination invalide',
  loadFailed: 'Impossible de charger les projets',
} as const;

/** 'Voir le projet' opens the link as typed, with https:// when it does not start with http. */
export function projectHref(url: string): string {
  return /^http/i.test(url) ? url : `https://${url}`;
}
