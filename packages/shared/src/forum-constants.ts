// The forum's words and limits (docs/product/network-core.md §9, issue 18), with no dependency:
// pages load them without zod.

export const FORUM_LIMITS = {
  titleMin: 5,
  titleMax: 150,
  bodyMin: 1,
  bodyMax: 10_000,
  reasonMax: 500,
  mentionsMax: 10,
  searchMin: 2,
  searchMax: 100,
  categoryNameMin: 2,
  categoryNameMax: 60,
  categoryDescriptionMax: 300,
} as const;

/** A topic or a reply can be edited by its author during this time; after, it says `modifié`. */
export const FORUM_EDIT_WINDOW_MINUTES = 15;
export const FORUM_TOPICS_PAGE_SIZE = 20;
/** The forum's landing (issue 31): the latest discussions, and the questions nobody answered yet. */
export const FORUM_LATEST_SIZE = 10;
export const FORUM_UNANSWERED_SIZE = 5;
export const FORUM_POSTS_PAGE_SIZE = 50;
export const FORUM_SEARCH_PAGE_SIZE = 20;

export const FORUM_REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ForumReportStatus = (typeof FORUM_REPORT_STATUSES)[number];

export const forumMessages = {
  title: 'Forum',
  acceptedAnswer: 'Réponse acceptée',
  accept: 'Marquer comme réponse',
  unaccept: 'Retirer la réponse acceptée',
  edited: 'modifié',
  report: 'Signaler',
  reported: 'Merci, ce message est signalé aux responsables.',
  hiddenPlaceholder: 'Message masqué par la modération.',
  hide: 'Masquer',
  restore: 'Rétablir',
  newTopic: 'Poser une question',
  reply: 'Répondre',
  search: 'Rechercher dans le forum',
  noResults: 'Aucun sujet ne correspond à votre recherche.',
  publicQuestion: 'Question publique (lisible sans compte)',
  signInToRead: 'Connectez-vous pour lire ce sujet.',
  subscribeToPost: 'Votre abonnement est nécessaire pour écrire sur le forum\u00a0: vous pouvez toujours lire.',
  formerMember: 'Ancien membre',
  groupOnly: 'Réservé aux membres du groupe',
  moderation: 'Modération du forum',
  titleTooShort: `Le titre doit contenir au moins 5 caractères`,
  titleTooLong: `Le titre ne peut pas dépasser 150 caractères`,
  bodyRequired: 'Le message ne peut pas être vide',
  bodyTooLong: 'Le message ne peut pas dépasser 10\u00a0000 caractères',
  reasonRequired: 'Indiquez la raison (elle reste dans l’historique du message)',
  reasonTooLong: 'La raison ne peut pas dépasser 500 caractères',
  searchTooShort: 'Tapez au moins 2 caractères',
  mentionMissing: (name: string) => `La mention de ${name} ne figure pas dans le texte (@${name}).`,
  tooManyMentions: 'Vous pouvez mentionner 10 membres au plus par message.',
  replyTitle: (topic: string) => `Nouvelle réponse à «\u00a0${topic}\u00a0»`,
  mentionTitle: (who: string, topic: string) => `${who} vous mentionne dans «\u00a0${topic}\u00a0»`,
  acceptedTitle: (topic: string) => `Votre réponse est acceptée dans «\u00a0${topic}\u00a0»`,
  reportTitle: (topic: string) => `Un message est signalé dans «\u00a0${topic}\u00a0»`,
} as const;
