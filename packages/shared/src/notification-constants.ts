// Notifications (docs/product/network-core.md §8): the kinds, their French labels and the email
// frequencies, with no dependency (the navigation's bell imports them without zod).

/**
 * Every kind of notification, in the order /profile lists their settings. Issues 17 and 18 add
 * meetings, guests, event waiting lists and the forum here.
 */
export const NOTIFICATION_KINDS = [
  'recommendation_received',
  'recommendation_updated',
  'business_to_confirm',
  'one_to_one',
  'testimonial',
  'group_application',
  'group_objection',
  'waiting_list',
  'meeting',
  'absence_alert',
  'guest',
  'event_waiting_list',
  'forum_reply',
  'forum_mention',
  'forum_report',
  'meeting_minutes',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  recommendation_received: 'Recommandation reçue',
  recommendation_updated: 'Suivi de mes recommandations',
  business_to_confirm: 'Affaire à confirmer',
  one_to_one: 'Tête-à-tête à confirmer',
  testimonial: 'Témoignage',
  group_application: 'Candidatures (groupes)',
  group_objection: 'Objections (groupes)',
  waiting_list: 'Liste d’attente',
  meeting: 'Réunions',
  absence_alert: 'Absences (responsables)',
  guest: 'Visiteurs',
  event_waiting_list: 'Liste d’attente des événements',
  forum_reply: 'Forum\u00a0: réponses à mes sujets',
  forum_mention: 'Forum\u00a0: mentions',
  forum_report: 'Forum\u00a0: signalements (modération)',
  meeting_minutes: 'Compte rendu de réunion',
};

/** What each kind's setting says, under its label on /profile. */
export const NOTIFICATION_KIND_HINTS: Record<NotificationKind, string> = {
  recommendation_received: 'Un membre vous passe une recommandation, ou elle attend votre suivi depuis 7 jours.',
  recommendation_updated: 'Une recommandation que vous avez donnée avance (contactée, rendez-vous, devis, gagnée…).',
  business_to_confirm: 'Un membre déclare une affaire conclue grâce à vous, ou conteste ou confirme un montant.',
  one_to_one: 'Un membre indique vous avoir rencontré en tête-à-tête.',
  testimonial: 'Un membre vous écrit un témoignage à publier.',
  group_application: 'Candidatures à votre groupe (responsables) et réponses à vos candidatures.',
  group_objection: 'Objections aux candidatures de votre groupe (responsables).',
  waiting_list: 'Un siège se libère pour vous, ou l’offre expire.',
  meeting: 'Une réunion de votre groupe est déplacée ou annulée, ou a lieu demain.',
  absence_alert: 'Un membre de votre groupe dépasse le nombre d’absences fixé (responsables).',
  guest: 'Un visiteur que vous avez invité confirme sa venue ou pointe sa présence.',
  event_waiting_list: 'Une place se libère pour vous à un événement complet.',
  forum_reply: 'Un membre répond à votre sujet, ou votre réponse est acceptée.',
  forum_mention: 'Un membre vous mentionne avec @ sur le forum.',
  forum_report: 'Un message est signalé dans une catégorie que vous modérez (responsables et administrateurs).',
  meeting_minutes: 'Le compte rendu de la réunion de votre groupe est prêt, avec son PDF.',
};

export const NOTIFICATION_FREQUENCIES = ['immediate', 'daily', 'weekly', 'never'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  immediate: 'Immédiatement',
  daily: 'Résumé quotidien',
  weekly: 'Résumé hebdomadaire',
  never: 'Jamais',
};
/** A member who never chose gets each email at once. */
export const DEFAULT_NOTIFICATION_FREQUENCY: NotificationFrequency = 'immediate';

/** Digests leave at this hour, Europe/Paris: daily every day, weekly on Mondays. */
export const DIGEST_HOUR = 7;

/** How often the navigation's bell asks for the unread count. */
export const UNREAD_POLL_MS = 60_000;

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationMessages = {
  centre: 'Notifications',
  unread: (n: number) =>
    n === 0 ? 'Aucune notification non lue' : n === 1 ? '1 notification non lue' : `${n} notifications non lues`,
  markAllRead: 'Tout marquer comme lu',
  markRead: 'Marquer comme lu',
  empty: 'Vous n’avez aucune notification.',
  settings: 'Notifications par email',
  settingsIntro:
    'Choisissez, pour chaque type, quand recevoir un email. Les notifications restent toujours visibles ici, dans le centre de notifications.',
  unsubscribeTitle: 'Se désabonner',
  unsubscribeConfirm: (kind: string) => `Ne plus recevoir d’emails «\u00a0${kind}\u00a0»`,
  unsubscribed: (kind: string) =>
    `C’est fait\u00a0: vous ne recevrez plus d’emails «\u00a0${kind}\u00a0». Vous pouvez changer d’avis dans votre profil.`,
  invalidLink: 'Ce lien de désabonnement n’est pas valide.',
  /** The unsubscribe page of a digest's link: which kinds it stops. */
  digestExplain: (digest: string, kinds: string[]) =>
    kinds.length === 0
      ? `Aucun type de notification n’est plus envoyé dans le «\u00a0${digest}\u00a0».`
      : `Ce lien arrête le «\u00a0${digest}\u00a0»\u00a0: les notifications ${kinds.map((k) => `«\u00a0${k}\u00a0»`).join(', ')} ne vous seront plus envoyées par email.`,
  digestSubject: (frequency: 'daily' | 'weekly', count: number) =>
    `${frequency === 'daily' ? 'Votre résumé du jour' : 'Votre résumé de la semaine'}\u00a0: ${count === 1 ? '1 notification' : `${count} notifications`}`,
  loadMore: 'Charger plus',
} as const;
