// Constants with no dependency: the /services page imports them without pulling in zod.

/** Spec section 9: a service has at most three features (three inputs in the dialog). */
export const SERVICE_FEATURES_MAX = 3;
/** Spec section 3: every member service gets this icon, whatever the dialog sends. */
export const SERVICE_ICON = 'Code';

/** Spec sections 2, 4 and 8 (services), word for word; toasts are titled 'Succès' or 'Erreur'. */
export const serviceMessages = {
  successTitle: 'Succès',
  imageUploaded: 'Image téléchargée avec succès',
  updated: 'Service modifié avec succès',
  created: 'Service créé avec succès',
  deleted: 'Service supprimé avec succès',
  imageFailed: 'Impossible de télécharger l’image',
  updateFailed: 'Impossible de modifier le service',
  createFailed: 'Impossible de créer le service',
  deleteFailed: 'Impossible de supprimer le service',
  deleteConfirm: 'Êtes-vous sûr de vouloir supprimer ce service\u202f?',
  uploading: 'Téléchargement en cours…',
  create: 'Créer mon service',
  visitSite: 'Visiter le site',
  notFound: 'Service introuvable',
  forbidden: 'Vous ne pouvez modifier ou supprimer que vos propres services.',
} as const;
