// Meetings, attendance, guests and the additions to events (docs/product/network-core.md §4-6):
// the numbers, statuses, labels and French words, with no dependency (the browser imports them
// without zod).

/** Meetings are generated this far ahead from the group's rhythm. */
export const MEETING_WEEKS_AHEAD = 8;
/** A meeting lasts this long unless leaders move it to other times. */
export const MEETING_DURATION_MINUTES = 90;
/** The meeting's QR code opens this long before the start, and closes at the end. */
export const CHECKIN_OPENS_MINUTES_BEFORE = 30;
/** Absences are counted over this many rolling months. */
export const ABSENCE_WINDOW_MONTHS = 6;
/** More than this many `Absent` alerts the leaders unless the group sets its own number. */
export const DEFAULT_ABSENCE_THRESHOLD = 3;

export const MEETING_STATUSES = ['scheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  scheduled: 'Prévue',
  cancelled: 'Annulée',
};

/** network-core §4, word for word. */
/** `remote` (`À distance`, issue 30): counted as present or not by the group's rule (domain/attended.ts). */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused', 'substituted', 'remote'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Présent',
  absent: 'Absent',
  late: 'En retard',
  excused: 'Excusé',
  substituted: 'Remplacé',
  remote: 'À distance',
};

/** network-core §5, word for word, in pipeline order. */
export const GUEST_STATUSES = [
  'invited',
  'registered',
  'came',
  'followed_up',
  'applicant',
  'member',
  'not_interested',
] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];
export const GUEST_STATUS_LABELS: Record<GuestStatus, string> = {
  invited: 'Invité',
  registered: 'Inscrit',
  came: 'Venu',
  followed_up: 'Suivi',
  applicant: 'Candidat',
  member: 'Membre',
  not_interested: 'Pas intéressé',
};
/** A guest's personal data is deleted this long after their last meeting, unless they became a member. */
export const GUEST_RETENTION_MONTHS = 12;

/** The most guests (`+1`) an organizer may allow per registration. */
export const EVENT_MAX_GUESTS_LIMIT = 10;

export const EVENT_WAITLIST_STATUSES = ['waiting', 'registered', 'left'] as const;
export type EventWaitlistStatus = (typeof EVENT_WAITLIST_STATUSES)[number];

export const meetingMessages = {
  meetings: 'Réunions',
  nextMeetings: 'Prochaines réunions',
  agenda: 'Ordre du jour',
  round: 'Le tour de table de 60 secondes',
  presentation: 'Présentation de la semaine',
  recommendationsPassed: 'Recommandations passées',
  guestsExpected: 'Invités attendus',
  attendance: 'Présence',
  checkIn: 'Pointer ma présence',
  qrCode: 'QR code de la réunion',
  addToCalendar: 'Ajouter à mon agenda',
  calendarFeed: 'Mon agenda (abonnement)',
  // Renewing the feed's link from /profile (issue 33).
  calendarLinkTitle: 'Lien de mon agenda',
  calendarLinkExplained:
    'Ce lien donne accès à vos réunions et à vos événements sans connexion. Si vous l’avez partagé par erreur, renouvelez-le\u00a0: l’ancien cesse aussitôt de fonctionner.',
  calendarRenew: 'Renouveler le lien',
  calendarRenewConfirmTitle: 'Renouveler le lien de votre agenda\u202f?',
  calendarRenewConfirm:
    'L’ancien lien cessera aussitôt de fonctionner\u00a0: les agendas abonnés devront recevoir le nouveau.',
  calendarRenewed: 'Nouveau lien créé\u00a0: l’ancien ne fonctionne plus.',
  calendarRenewFailed: 'Impossible de renouveler le lien. Veuillez réessayer.',
  calendarNeverRenewed: 'Ce lien n’a jamais été renouvelé.',
  calendarRenewedAt: (when: string) => `Renouvelé le ${when}.`,
  inviteGuest: 'Inviter un visiteur',
  guests: 'Visiteurs',
  guestConsent: 'Cette personne a accepté de recevoir notre invitation par email',
  waitingList: 'Liste d’attente',
  joinWaitingList: 'Rejoindre la liste d’attente',
} as const;

/** Hybrid meetings (issue 30): the words of the visio link and `Je suis connecté`. */
export const hybridMessages = {
  visioLink: 'Lien de la visio',
  joinVisio: 'Rejoindre la visio',
  connected: 'Je suis connecté',
  connectedDone: 'Votre présence à distance est enregistrée. Bonne réunion\u202f!',
  alreadyRecorded: 'Votre présence est déjà enregistrée pour cette réunion.',
  connectHint: 'Vous suivez la réunion à distance\u202f? Confirmez votre présence pendant la réunion.',
  meetingVisio: 'Lien de la visio de cette réunion',
  groupVisio: 'Lien de la visio des réunions du groupe',
  remoteCounts: 'Une présence à distance compte comme une présence',
  visioSaved: 'Lien de la visio enregistré',
  hybridSaved: 'Réglages des réunions hybrides enregistrés',
  save: 'Enregistrer',
  hybridTitle: 'Réunions hybrides',
  meetingVisioHint: 'Laissez vide pour proposer le lien des réunions du groupe.',
  groupVisioHint: 'Proposé à chaque réunion qui n’a pas son propre lien.',
  remoteCountsHint:
    'Sinon, une présence à distance ne compte pas dans le taux de présence, sans être comptée comme une absence.',
} as const;
