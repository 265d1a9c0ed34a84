// Constants with no dependency: pages import them without pulling in zod.

import { apiErrors } from './errors';

/**
 * The images shipped with the site (apps/web/public/images/event-categories), one per default
 * category of spec section 9. A category may show one of these paths exactly, or an image an
 * admin uploaded to the `event-category-images` bucket.
 */
export const EVENT_CATEGORY_SHIPPED_IMAGES = [
  { url: '/images/event-categories/atelier.svg', label: 'Atelier\u00a0: deux engrenages et un crayon' },
  { url: '/images/event-categories/afterwork.svg', label: 'Afterwork\u00a0: deux verres qui trinquent' },
  { url: '/images/event-categories/conference.svg', label: 'Conférence\u00a0: un micro sur pied' },
  { url: '/images/event-categories/forum.svg', label: 'Forum\u00a0: deux bulles de discussion' },
  { url: '/images/event-categories/reunion.svg', label: 'Réunion\u00a0: six participants autour d’une table ronde' },
  { url: '/images/event-categories/lancement.svg', label: 'Lancement\u00a0: une fusée qui décolle' },
] as const;

export const isShippedEventCategoryImage = (url: string): boolean =>
  EVENT_CATEGORY_SHIPPED_IMAGES.some((image) => image.url === url);

/** The storage bucket of uploaded category images. */
export const EVENT_CATEGORY_IMAGE_BUCKET = 'event-category-images' as const;

export const EVENT_CATEGORY_NAME_MAX = 60;

export const eventCategoryMessages = {
  /** Spec section 5: name and image_url are required. */
  required: 'Veuillez remplir tous les champs',
  nameTooLong: `Le nom ne peut pas dépasser ${EVENT_CATEGORY_NAME_MAX} caractères`,
  duplicate: apiErrors.DUPLICATE_CATEGORY.message,
  invalidImage: 'Image invalide\u00a0: choisissez une image proposée ou téléchargez-en une.',
  notFound: 'Cette catégorie n’existe pas ou a été supprimée.',
  loadError: 'Erreur lors du chargement des catégories',
  saveError: 'Erreur lors de l’enregistrement de la catégorie',
  deleteError: 'Erreur lors de la suppression de la catégorie',
  uploadError: 'Erreur lors du téléchargement de l’image',
  uploading: 'Téléchargement en cours…',
  created: 'Catégorie créée avec succès',
  updated: 'Catégorie modifiée avec succès',
  deleted: 'Catégorie supprimée avec succès',
} as const;
