import { type NotificationKind, type PushPayload, pushMessages } from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';

/**
 * What a push says (issue 28): a push shows on a locked screen, outside the site, so it carries no
 * personal data of anyone who is not a member. Its title is the kind's own words; its body is the
 * notification's title only for the kinds whose titles name members and the network's own things
 * (a group, an event, an amount), never a notification's body (a recommendation's need may name
 * the external contact), and a fixed sentence for the others (a candidate's name, a forum topic's
 * words). The tap opens the notification's page.
 */
const PUSH_TEXTS: Record<NotificationKind, { title: string; body: string | 'title' }> = {
  recommendation_received: { title: 'Une recommandation pour vous', body: 'title' },
  recommendation_updated: { title: 'Votre recommandation avance', body: 'title' },
  business_to_confirm: { title: 'Une affaire à confirmer', body: 'title' },
  one_to_one: { title: 'Un tête-à-tête à confirmer', body: 'title' },
  testimonial: { title: 'Un témoignage pour vous', body: 'title' },
  // The candidate is not a member yet: never named.
  group_application: { title: 'Candidature', body: 'Du nouveau sur une candidature\u00a0: ouvrez-la pour la lire.' },
  group_objection: { title: 'Objection à une candidature', body: 'Un membre a fait objection à une candidature.' },
  waiting_list: { title: 'Liste d’attente', body: 'title' },
  meeting: { title: 'Réunion de votre groupe', body: 'title' },
  absence_alert: { title: 'Absences dans votre groupe', body: 'title' },
  // The title names the group only; the visitor's name stays in the site.
  guest: { title: 'Votre visiteur', body: 'title' },
  event_waiting_list: { title: 'Une place pour vous', body: 'title' },
  // Topic titles are free text: they stay in the site.
  forum_reply: { title: 'Forum\u00a0: du nouveau sur votre sujet', body: 'Ouvrez le forum pour lire la réponse.' },
  forum_mention: { title: 'Forum\u00a0: on vous mentionne', body: 'Ouvrez le forum pour lire le message.' },
  forum_report: { title: 'Forum\u00a0: un message signalé', body: 'Un message attend votre modération.' },
  meeting_minutes: {
    title: 'Compte rendu de réunion',
    body: 'Le compte rendu de la réunion de votre groupe est prêt.',
  },
};

/** The page a notification without a link opens: the notification centre. */
export const NOTIFICATIONS_PATH = '/notifications';

export function notificationPushPayload(notification: {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string | null;
}): PushPayload {
  const texts = PUSH_TEXTS[notification.kind];
  return {
    title: texts.title,
    body: texts.body === 'title' ? notification.title : texts.body,
    url: notification.link ?? NOTIFICATIONS_PATH,
    tag: `notification-${notification.id}`,
  };
}

export const TEST_PUSH_PAYLOAD: PushPayload = {
  title: pushMessages.testTitle,
  body: pushMessages.testBody,
  url: `${profileSectionPath('notifications')}#appareils`,
  tag: 'push-test',
};
