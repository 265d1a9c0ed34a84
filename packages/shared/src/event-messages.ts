// The events page's words (spec section 8), with no dependency: the page loads them without zod.

/** Messages the error catalogue (errors.ts) reuses: the page does not load the whole catalogue. */
export const eventErrorMessages = {
  unknownCategory: 'Cette catégorie d’événement n’existe pas.',
  past: 'Cet événement est déjà passé\u00a0: les inscriptions sont closes.',
  full: 'Cet événement est complet.',
  groupForbidden: 'Vous ne pouvez rattacher un événement qu’à un groupe dont vous êtes membre.',
} as const;

export const eventMessages = {
  required: 'Veuillez remplir tous les champs obligatoires',
  signInToCreate: 'Vous devez être connecté pour créer un événement',
  signInToRegister: 'Vous devez être connecté pour vous inscrire',
  subscriptionRequired: 'Vous devez avoir un abonnement actif pour vous inscrire aux événements',
  created: 'Événement créé avec succès',
  updated: 'Événement modifié avec succès',
  deleted: 'Événement supprimé avec succès',
  registered: 'Inscription confirmée',
  unregistered: 'Inscription annulée',
  loadFailed: 'Erreur lors du chargement des événements',
  createFailed: 'Erreur lors de la création de l’événement',
  updateFailed: 'Erreur lors de la modification de l’événement',
  deleteFailed: 'Erreur lors de la suppression de l’événement',
  registrationFailed: 'Erreur lors de l’inscription',
  unregistrationFailed: 'Erreur lors de l’annulation de l’inscription',
  categoriesLoadFailed: 'Erreur lors du chargement des catégories',
  full: eventErrorMessages.full,
  past: eventErrorMessages.past,
  notFound: 'Événement introuvable',
  notOrganizer: 'Seul l’organisateur de cet événement peut le modifier ou le supprimer.',
  unknownCategory: eventErrorMessages.unknownCategory,
  capacityBelowRegistrants: (count: number) =>
    `Le nombre maximum de participants ne peut pas être inférieur au nombre d’inscrits (${count}).`,
  defaultOrganizer: 'Organisateur',
  // Network-core §6: waiting list, guests, group events, check-in.
  waitingList: 'Liste d’attente',
  joinWaitingList: 'Rejoindre la liste d’attente',
  leaveWaitingList: 'Quitter la liste d’attente',
  joinedWaitingList: 'Vous êtes sur la liste d’attente',
  leftWaitingList: 'Vous avez quitté la liste d’attente',
  waitingListFailed: 'Erreur lors de la mise à jour de la liste d’attente',
  waitingPosition: (position: number) => `Vous êtes n°\u00a0${position} sur la liste d’attente`,
  guests: 'Nombre d’invités',
  guestsHint: (max: number) => `Vous pouvez venir avec ${max} invité${max > 1 ? 's' : ''} au plus.`,
  maxGuests: 'Invités par inscription (+1)',
  group: 'Groupe',
  groupForbidden: eventErrorMessages.groupForbidden,
  national: 'National (aucun groupe)',
  checkinCode: 'QR code de pointage',
  checkinTitle: 'Pointage',
  checkedIn: 'Votre présence est pointée. Bon événement\u202f!',
  checkinFailed: 'Erreur lors du pointage',
  checkinScanIntro: 'Scannez le QR code affiché par l’organisateur pour pointer votre présence à l’événement.',
  checkinScanRead: 'QR code lu, pointage en cours…',
  organizerPage: 'Page de l’organisateur',
  promotedTitle: (title: string) => `Une place s’est libérée\u00a0: vous êtes inscrit à «\u00a0${title}\u00a0»`,
  cancelledForWaiting: (title: string) =>
    `L’événement «\u00a0${title}\u00a0», sur la liste d’attente duquel vous étiez, est annulé`,
  reminderSubject: (title: string) => `Rappel\u00a0: «\u00a0${title}\u00a0» a lieu demain`,
} as const;

/** Spec section 8's messages as a plain record (no function), for places that list them. */
export const DEFAULT_ORGANIZER_NAME = eventMessages.defaultOrganizer;

/** Events last 2 hours when nothing else is said (calendar export). */
export const EVENT_DEFAULT_DURATION_MINUTES = 120;
export const EVENTS_PAGE_SIZE = 50;
export const EVENTS_PAGE_SIZE_MAX = 100;
export const EVENT_TITLE_MAX = 150;
export const EVENT_LOCATION_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_MAX_ATTENDEES_LIMIT = 100_000;
export const EVENT_TIME_ZONE = 'Europe/Paris';

/** The purpose of check-in tokens in the server's signed links. */
export const EVENT_CHECKIN_PURPOSE = 'event-checkin';
/** The check-in page of the site (`?jeton=` the signed token). */
export const EVENT_CHECKIN_PATH = '/events/pointage';
