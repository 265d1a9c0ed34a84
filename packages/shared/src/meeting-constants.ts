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
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused', 'substituted'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Présent',
  absent: 'Absent',
  late: 'En retard',
  excused: 'Excusé',
  substituted: 'Remplacé',
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
  inviteGuest: 'Inviter un visiteur',
  guests: 'Visiteurs',
  guestConsent: 'Cette personne a accepté de recevoir notre invitation par email',
  waitingList: "Liste d'attente",
  joinWaitingList: "Rejoindre la liste d'attente",
} as const;
