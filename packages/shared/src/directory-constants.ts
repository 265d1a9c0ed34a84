// The directory's words and limits (spec sections 4, 8 and 9), with no dependency: /members and
// /my-projects load them without zod.

import { apiErrors } from './errors';
import { formatNumber } from './format';

/** Spec section 9: a card shows up to 10 skills and up to 3 "looking for" entries. */
export const DIRECTORY_SKILLS_SHOWN = 10;
export const DIRECTORY_LOOKING_FOR_SHOWN = 3;
export const DIRECTORY_PAGE_SIZE_DEFAULT = 20;
export const DIRECTORY_PAGE_SIZE_MAX = 50;
export const DIRECTORY_QUERY_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1000;
export const SHARED_PROJECT_TITLE_MAX = 150;
export const SHARED_PROJECT_NOTES_MAX = 5000;

/** 'score' (the reputation score, best first) is for group leaders and admins only. */
export const directorySorts = ['name', 'rating', 'synergy', 'score'] as const;
export type DirectorySort = (typeof directorySorts)[number];
export const directorySortLabels: Record<DirectorySort, string> = {
  name: 'Nom',
  rating: 'Note',
  synergy: 'Synergies',
  score: 'Score',
};

/**
 * Between the viewer and a member: no request in progress ('none'), a request of mine waiting for
 * them ('pending_sent'), theirs waiting for me ('pending_received'), or an accepted one ('connected').
 */
export const contactStatuses = ['none', 'pending_sent', 'pending_received', 'connected'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactRequestStatuses = ['pending', 'accepted', 'declined'] as const;
export type ContactRequestStatus = (typeof contactRequestStatuses)[number];
export const contactRequestStatusLabels: Record<ContactRequestStatus, string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  declined: 'Refusée',
};

export const sharedProjectStatuses = ['to_start', 'in_progress', 'done'] as const;
export type SharedProjectStatus = (typeof sharedProjectStatuses)[number];
export const sharedProjectStatusLabels: Record<SharedProjectStatus, string> = {
  to_start: 'À démarrer',
  in_progress: 'En cours',
  done: 'Terminé',
};

/**
 * Synergy points (sort=synergy): for each term the viewer looks for, a member whose profession
 * equals it scores 3, one of whose skills equals it 2, whose industry equals it 1; the same the
 * other way round (what they look for against the viewer). Terms are compared trimmed, without
 * case or accents.
 */
export const SYNERGY_POINTS = { profession: 3, skill: 2, industry: 1 } as const;

export const directoryMessages = {
  loadFailed: 'Erreur lors du chargement des membres',
  scoreSortForbidden: 'Le tri par score est réservé aux responsables de groupe et aux administrateurs.',
  sessionExpired: apiErrors.SESSION_EXPIRED.message,
  memberNotFound: apiErrors.MEMBER_NOT_FOUND.message,
  noResults: 'Aucun membre ne correspond à votre recherche.',
  noSynergies:
    'Aucune synergie trouvée pour le moment. Renseignez votre métier, vos compétences et ce que vous recherchez dans votre profil.',
  selfRating: apiErrors.SELF_RATING.message,
  ratingSaved: 'Évaluation enregistrée',
  ratingFailed: 'Erreur lors de l’enregistrement de l’évaluation',
  ratingRequired: 'Choisissez une note de 1 à 5 étoiles',
  ratingRange: 'La note doit être comprise entre 1 et 5',
  noRatings: 'Pas encore évalué',
  selfContact: apiErrors.SELF_CONTACT.message,
  contactInProgress: apiErrors.CONTACT_IN_PROGRESS.message,
  contactSent: 'Demande de contact envoyée',
  contactFailed: 'Erreur lors de l’envoi de la demande de contact',
  contactPending: 'Demande envoyée',
  contactMessageTooLong: `Le message ne peut pas dépasser ${CONTACT_MESSAGE_MAX} caractères`,
  requestNotFound: 'Demande de contact introuvable',
  requestNotForYou: 'Seul le membre sollicité peut répondre à cette demande.',
  requestAlreadyAnswered: apiErrors.ALREADY_ANSWERED.message,
  requestAccepted: 'Demande acceptée\u00a0: un projet commun a été créé dans Mes projets',
  requestDeclined: 'Demande refusée',
  respondFailed: 'Erreur lors de la réponse à la demande de contact',
  requestsLoadFailed: 'Erreur lors du chargement des demandes de contact',
  sharedProjectsLoadFailed: 'Erreur lors du chargement des projets communs',
  sharedProjectNotFound: 'Projet commun introuvable',
  sharedProjectForbidden: 'Seuls les deux membres de ce projet commun peuvent le modifier.',
  sharedProjectSaved: 'Projet commun mis à jour',
  sharedProjectFailed: 'Erreur lors de l’enregistrement du projet commun',
  sharedProjectTitleRequired: 'Le titre est requis.',
  sharedProjectTitleTooLong: `Le titre ne peut pas dépasser ${SHARED_PROJECT_TITLE_MAX} caractères`,
  sharedProjectNotesTooLong: `Les notes ne peuvent pas dépasser ${SHARED_PROJECT_NOTES_MAX} caractères`,
} as const;

/** 'Collaboration {A} × {B}', cut to the title's limit. */
export function sharedProjectTitle(a: string, b: string): string {
  return `Collaboration ${a} × ${b}`.slice(0, SHARED_PROJECT_TITLE_MAX);
}

/** '4,3' (one decimal, French style), or null without ratings. */
export function formatAverageRating(average: number | null): string | null {
  return average === null ? null : formatNumber(average, { fractionDigits: 1 });
}

/** '(1 avis)', '(12 avis)'. */
export function ratingsCountLabel(count: number): string {
  return `(${count} avis)`;
}
