// Groups, trades and seats (docs/product/network-core.md §1-2): the numbers, labels and French
// words, with no dependency, so the browser can import them without zod.

/** The trade families of the catalogue (network-core §1), in the order pages list them. */
export const TRADE_FAMILIES = [
  { slug: 'batiment', label: 'Bâtiment et travaux' },
  { slug: 'immobilier', label: 'Immobilier' },
  { slug: 'finance', label: 'Finance et patrimoine' },
  { slug: 'droit-chiffre', label: 'Droit et chiffre' },
  { slug: 'sante', label: 'Santé' },
  { slug: 'bien-etre', label: 'Bien-être' },
  { slug: 'commerce', label: 'Commerce' },
  { slug: 'artisanat', label: 'Artisanat' },
  { slug: 'conseil', label: 'Conseil et services aux entreprises' },
  { slug: 'numerique', label: 'Numérique' },
  { slug: 'communication', label: 'Communication et création' },
  { slug: 'services-personne', label: 'Services à la personne' },
  { slug: 'transport', label: 'Transport et logistique' },
  { slug: 'hotellerie-restauration', label: 'Hôtellerie et restauration' },
  { slug: 'industrie', label: 'Industrie' },
] as const;

export type TradeFamily = (typeof TRADE_FAMILIES)[number]['slug'];
export const TRADE_FAMILY_SLUGS = TRADE_FAMILIES.map((f) => f.slug) as [TradeFamily, ...TradeFamily[]];

export function tradeFamilyLabel(slug: string): string {
  return TRADE_FAMILIES.find((f) => f.slug === slug)?.label ?? slug;
}

/** A group counts 10 to 50 active members (network-core §2). */
export const GROUP_MIN_ACTIVE_MEMBERS = 10;
export const GROUP_MAX_MEMBERS = 50;
/** An application is shown to the group's members this long, for objections. */
export const OBJECTION_PERIOD_DAYS = 7;
/** A freed seat is offered to the first in line for this long, then to the next. */
export const SEAT_OFFER_DAYS = 7;
/** A member whose subscription ended keeps their seat this long. */
export const SEAT_GRACE_DAYS = 30;

export const GROUP_STATUSES = ['forming', 'active', 'full'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = {
  forming: 'En formation',
  active: 'Actif',
  full: 'Complet',
};

/** The status is derived from the number of active members, never stored. */
export function groupStatus(activeMembers: number): GroupStatus {
  if (activeMembers >= GROUP_MAX_MEMBERS) return 'full';
  if (activeMembers >= GROUP_MIN_ACTIVE_MEMBERS) return 'active';
  return 'forming';
}

export const MEETING_RHYTHMS = ['weekly', 'biweekly', 'monthly'] as const;
export type MeetingRhythm = (typeof MEETING_RHYTHMS)[number];
export const MEETING_RHYTHM_LABELS: Record<MeetingRhythm, string> = {
  weekly: 'Toutes les semaines',
  biweekly: 'Toutes les deux semaines',
  monthly: 'Tous les mois',
};

/** ISO weekday numbers, 1 = Monday ... 7 = Sunday. */
export const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;

/** `7 h 00`, `19 h 30`: the French way of writing an hour on a page (network-core §2). */
export function formatMeetingTime(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  return `${Number(h)}\u00a0h\u00a0${m.padStart(2, '0')}`;
}

/**
 * `Tous les mardis à 7 h 00` (network-core §2), `Un mardi sur deux à 7 h 00`,
 * `Le premier mardi du mois à 7 h 00`.
 */
export function formatMeetingRhythm(rhythm: MeetingRhythm, weekday: number, time: string): string {
  const day = WEEKDAYS[weekday - 1] ?? WEEKDAYS[0];
  const at = `à ${formatMeetingTime(time)}`;
  if (rhythm === 'weekly') return `Tous les ${day}s ${at}`;
  if (rhythm === 'biweekly') return `Un ${day} sur deux ${at}`;
  return `Le premier ${day} du mois ${at}`;
}

export const LEADER_ROLES = ['president', 'vice_president', 'secretary_treasurer'] as const;
export type LeaderRole = (typeof LEADER_ROLES)[number];
/**
 * The roles' generic names, for a role in general (the selects naming a leader, the roster
 * import's notes). A particular member's title is `leaderRoleLabel(role, their titleForm)`.
 */
export const LEADER_ROLE_LABELS: Record<LeaderRole, string> = {
  president: 'Président',
  vice_president: 'Vice-président',
  secretary_treasurer: 'Secrétaire-trésorier',
};

/**
 * How a member's titles agree (issue 31, docs/product/decisions.md "formes féminines"), chosen on
 * their profile (`profiles.title_form`): their leader title and their trade's label.
 */
export const TITLE_FORMS = ['masculine', 'feminine'] as const;
export type TitleForm = (typeof TITLE_FORMS)[number];
export const TITLE_FORM_LABELS: Record<TitleForm, string> = {
  masculine: 'Au masculin (Président, Consultant)',
  feminine: 'Au féminin (Présidente, Consultante)',
};

const LEADER_ROLE_FEMININE_LABELS: Record<LeaderRole, string> = {
  president: 'Présidente',
  vice_president: 'Vice-présidente',
  secretary_treasurer: 'Secrétaire-trésorière',
};

/** A member's title: `Présidente` for a member who chose the feminine, `Président` otherwise. */
export function leaderRoleLabel(role: LeaderRole, form: TitleForm): string {
  return (form === 'feminine' ? LEADER_ROLE_FEMININE_LABELS : LEADER_ROLE_LABELS)[role];
}

export const APPLICATION_STATUSES = ['pending', 'accepted', 'refused', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'En cours',
  accepted: 'Acceptée',
  refused: 'Refusée',
  withdrawn: 'Retirée',
};

export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Why a seat was freed, kept in the group's history. */
export const MEMBERSHIP_END_KINDS = ['left', 'removed', 'lapsed'] as const;
export type MembershipEndKind = (typeof MEMBERSHIP_END_KINDS)[number];

/** What the group's history records (leaders' page). */
export const GROUP_HISTORY_KINDS = [
  'created',
  'application',
  'objection',
  'accepted',
  'refused',
  'withdrawn',
  'joined_from_waitlist',
  'left',
  'removed',
  'lapsed',
  'role_named',
  'role_cleared',
  'offer_made',
  'offer_expired',
  'offer_declined',
  /** Seated by a roster import (issue 33). */
  'imported',
] as const;
export type GroupHistoryKind = (typeof GROUP_HISTORY_KINDS)[number];

/** `1er`, `2e`, `3e`: French ordinals as the waiting list writes them. */
export function frenchOrdinal(n: number): string {
  return n === 1 ? '1er' : `${n}e`;
}

export const GROUP_TEXT_LIMITS = {
  name: 120,
  slug: 80,
  city: 100,
  region: 100,
  description: 4000,
  meetingPlace: 300,
  applicationMessage: 1000,
  objectionReason: 1000,
  decisionMessage: 1000,
  endReason: 1000,
  tradeLabel: 100,
  specialty: 150,
} as const;

/** The French words of network-core §1-2, word for word where the spec gives them. */
export const groupMessages = {
  seatTaken: 'Ce métier est déjà représenté dans ce groupe.',
  groupFull: 'Ce groupe est complet (50 membres au maximum).',
  apply: 'Postuler',
  applyForTrade: 'Postuler pour ce métier',
  joinWaitlist: 'Rejoindre la liste d’attente',
  leaveWaitlist: 'Quitter la liste d’attente',
  application: 'Candidature',
  objection: 'Objection',
  waitlistPosition: (position: number) => `Vous êtes ${frenchOrdinal(position)} sur la liste d’attente`,
  regulatedNotice:
    'Votre profession peut vous interdire de percevoir une commission d’apport\u00a0: vérifiez les règles de votre ordre.',
  pickYourTrade: 'Choisissez votre métier dans le catalogue pour rejoindre un groupe.',
  openSeats: 'Sièges disponibles',
  nearestGroups: 'Groupes où ce siège est libre',
  tradeRequired: 'Le métier est requis',
} as const;
