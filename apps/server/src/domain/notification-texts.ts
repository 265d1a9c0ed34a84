import {
  eventMessages,
  formatCalendarDate,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDayTime,
  formatMoney,
  forumMessages,
  minutesMessages,
  recommendationMessages,
} from '@synergie/shared';

/**
 * What each notification says (network-core §8): its title (the centre's line, the mail's
 * subject, a push's body for some kinds) and its body, for every notification the domain writes,
 * in one place so that a test writes each from fixtures and checks its French typography, its
 * dates in words and its times in the `7 h 00` style (notification-texts.test.ts; issue 31,
 * docs/product/decisions.md "Typographie"). The callers pass the names and words of the change;
 * what members wrote (a message, a reason, a topic's title) goes in as it is.
 */
export interface NotificationText {
  title: string;
  body?: string | null;
}

const quoted = (text: string) => `«\u00a0${text}\u00a0»`;

export const notificationTexts = {
  // Meetings and their minutes.
  minutesReady: (groupName: string, dateInWords: string, summary: string): NotificationText => ({
    title: minutesMessages.mailSubject(groupName, dateInWords),
    body: `${summary}. Le compte rendu se télécharge aussi en PDF.`,
  }),
  meetingMoved: (groupName: string, wasAt: Date, startsAt: Date, message: string | null): NotificationText => ({
    title: `${groupName}\u00a0: la réunion du ${formatDate(wasAt, 'full')} est déplacée au ${formatDateTime(startsAt)}`,
    body: message,
  }),
  meetingCancelled: (groupName: string, wasAt: Date, message: string | null): NotificationText => ({
    title: `${groupName}\u00a0: la réunion du ${formatDate(wasAt, 'full')} est annulée`,
    body: message,
  }),
  meetingTomorrow: (groupName: string, startsAt: Date, place: string): NotificationText => ({
    title: `${groupName}\u00a0: réunion demain, ${formatDateTime(startsAt)}`,
    body: place,
  }),
  absenceAlert: (
    name: string,
    absences: number,
    windowMonths: number,
    lastMeetingAt: Date,
    threshold: number,
  ): NotificationText => ({
    title: `${name} compte ${absences} absences sur les ${windowMonths} derniers mois`,
    body: `Dernière absence\u00a0: la réunion du ${formatDate(lastMeetingAt)} (seuil du groupe\u00a0: ${threshold}).`,
  }),
  guestConfirmed: (groupName: string, startsAt: Date): NotificationText => ({
    title: `Votre visiteur a confirmé sa venue à la réunion du groupe ${quoted(groupName)}`,
    body: `Réunion du ${formatDayTime(startsAt)}.`,
  }),

  // Groups: applications, objections, seats.
  groupApplication: (
    applicantName: string,
    tradeLabel: string | null,
    groupName: string,
    message: string | null,
  ): NotificationText => ({
    title: `${applicantName}${tradeLabel ? ` (${tradeLabel})` : ''} postule à votre groupe ${quoted(groupName)}`,
    body: message,
  }),
  groupObjection: (objectorName: string, applicantName: string, reason: string | null): NotificationText => ({
    title: `${objectorName} a fait objection à la candidature de ${applicantName}`,
    body: reason,
  }),
  applicationAccepted: (groupName: string, message: string | null): NotificationText => ({
    title: `Votre candidature au groupe ${quoted(groupName)} est acceptée`,
    body: message,
  }),
  applicationDeclined: (groupName: string, message: string | null): NotificationText => ({
    title: `Votre candidature au groupe ${quoted(groupName)} n’a pas été retenue`,
    body: message,
  }),
  /** A member already on the site, seated by a leader's roster import (issue 33). */
  rosterImported: (groupName: string, invitedBy: string): NotificationText => ({
    title: `Vous êtes inscrit au groupe ${quoted(groupName)}`,
    body: `Inscrit par ${invitedBy} avec la liste du groupe.`,
  }),
  seatOffered: (groupName: string): NotificationText => ({
    title: `Un siège se libère pour vous dans le groupe ${quoted(groupName)}`,
  }),
  seatOfferExpired: (groupName: string): NotificationText => ({
    title: `Votre offre de siège dans le groupe ${quoted(groupName)} a expiré`,
  }),

  // Recommendations, business, one-to-ones, testimonials.
  recommendationReceived: (giverName: string, external: boolean, need: string | null): NotificationText => ({
    title: external ? `${giverName} vous recommande un contact externe` : `${giverName} a besoin de vos services`,
    body: need,
  }),
  recommendationUpdated: (receiverName: string, statusLabel: string, note: string | null): NotificationText => ({
    title: `${receiverName} a fait avancer votre recommandation\u00a0: ${statusLabel}`,
    body: note,
  }),
  recommendationReminder: (giverName: string | null, days: number): NotificationText => ({
    title: `La recommandation de ${giverName ?? recommendationMessages.deletedMember} attend votre suivi depuis ${days} jours`,
    body: 'Indiquez où vous en êtes (contactée, rendez-vous, devis…)\u00a0: le membre qui vous l’a passée attend des nouvelles.',
  }),
  businessToConfirm: (receiverName: string, amountCents: number): NotificationText => ({
    title: `${receiverName} déclare une affaire conclue de ${formatMoney(amountCents)} HT grâce à votre recommandation`,
    body: `Confirmez-vous ce montant\u202f? Cliquez sur ${quoted(recommendationMessages.confirm)} ou contestez-le.`,
  }),
  businessAnswered: (
    giverName: string,
    confirm: boolean,
    amountCents: number,
    reason: string | null,
  ): NotificationText => ({
    title: `${giverName} ${confirm ? 'confirme' : 'conteste'} votre affaire conclue de ${formatMoney(amountCents)} HT`,
    body: reason,
  }),
  oneToOne: (requesterName: string | null): NotificationText => ({
    title: `${requesterName ?? 'Un membre'} indique vous avoir rencontré en tête-à-tête`,
    body: 'Confirmez ce tête-à-tête pour qu’il compte, ou refusez-le.',
  }),
  testimonialReceived: (authorName: string | null): NotificationText => ({
    title: `${authorName ?? 'Un membre'} vous a écrit un témoignage`,
    body: 'Publiez-le sur votre page de membre, ou refusez-le.',
  }),

  // Events.
  eventPromoted: (eventTitle: string, date: string, time: string): NotificationText => ({
    title: eventMessages.promotedTitle(eventTitle),
    body: `Le ${formatCalendarDate(date, 'full')} à ${formatClockTime(time)}. Vous pouvez annuler votre inscription sur la page des événements.`,
  }),
  eventCancelledForWaiting: (eventTitle: string): NotificationText => ({
    title: eventMessages.cancelledForWaiting(eventTitle),
  }),

  // The forum.
  forumMention: (authorName: string, topicTitle: string): NotificationText => ({
    title: forumMessages.mentionTitle(authorName, topicTitle),
  }),
  forumReply: (topicTitle: string): NotificationText => ({ title: forumMessages.replyTitle(topicTitle) }),
  forumAccepted: (topicTitle: string): NotificationText => ({ title: forumMessages.acceptedTitle(topicTitle) }),
  forumReport: (topicTitle: string): NotificationText => ({ title: forumMessages.reportTitle(topicTitle) }),
} satisfies Record<string, (...args: never[]) => NotificationText>;
