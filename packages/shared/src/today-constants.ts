// `Aujourd'hui` (issue 28): its rules and words, with no dependency (the page loads them without zod).

import { OBJECTION_PERIOD_DAYS } from './group-constants';
import { TRIAL_DAYS } from './plans';
import type { ScoreSourceKey } from './score-constants';
import { SCORE_SOURCES, scoreMessages } from './score-constants';

export { EMAIL_VERIFIED_PATH, EMAIL_VERIFIED_QUERY, TODAY_PAGE_PATH } from './site';

/** A recommendation received and still open that has not moved for this many days shows on `Aujourd'hui`. */
export const STALE_RECOMMENDATION_DAYS = 3;

/** How many items each list of `Aujourd'hui` shows (the count says how many there are in all). */
export const TODAY_LIST_LIMIT = 5;

/** How many of the latest unread notifications `Aujourd'hui` shows. */
export const TODAY_UNREAD_SHOWN = 3;

/** What raises each criterion of the score, and where it is done. */
export const SCORE_ACTIONS: Record<ScoreSourceKey, { label: string; to: string }> = {
  attendance: { label: 'Venir à la prochaine réunion de votre groupe', to: '/reunions' },
  recommendations: { label: 'Passer une recommandation à un membre', to: '/recommandations/nouvelle' },
  guests: { label: 'Inviter un visiteur à une réunion', to: '/visiteurs' },
  oneToOnes: { label: 'Faire un tête-à-tête avec un membre', to: '/tete-a-tete' },
  business: { label: 'Suivre vos recommandations jusqu’à l’affaire confirmée', to: '/recommandations' },
  testimonials: { label: 'Écrire un témoignage sur un membre', to: '/temoignages' },
};

/**
 * The one action that would raise the score most: for each criterion not yet at its maximum, the
 * points one more of its actions would add (one more recommendation: 20 / 26 points; one more
 * meeting attended: 25 × (attended + 1) / (counted + 1) less today's points), the largest first;
 * ties go to the criterion listed first (SCORE_SOURCES); attendance is left out without a seat in
 * a group. Null when nothing is left to earn.
 */
export function bestScoreAction(
  breakdown: readonly {
    key: ScoreSourceKey;
    points: number;
    note?: string | null;
    detail?: { attended: number; counted: number } | null;
  }[],
): ScoreSourceKey | null {
  let best: { key: ScoreSourceKey; gain: number } | null = null;
  for (const source of SCORE_SOURCES) {
    const line = breakdown.find((l) => l.key === source.key);
    const points = line?.points ?? 0;
    if (points >= source.points) continue;
    // Without a seat in a group there is no meeting to come to: `Vos premiers pas` says so.
    if (source.key === 'attendance' && line?.note === scoreMessages.noGroup) continue;
    const detail = line?.detail;
    const gain =
      source.key === 'attendance'
        ? // One more meeting, attended: the rate becomes (attended + 1) / (counted + 1).
          (source.points * ((detail?.attended ?? 0) + 1)) / ((detail?.counted ?? 0) + 1) - points
        : Math.min(source.points / source.target, source.points - points);
    if (!best || gain > best.gain) best = { key: source.key, gain };
  }
  return best?.key ?? null;
}

/**
 * The first steps of a new member (issues 28 and 31), in the order they are done, each with where
 * it is done (null: in the member's mailbox, the card offers to send the link again). Each is
 * ticked from the server's facts (`steps` of GET /api/me/today); the card goes once all are.
 */
export const TODAY_STEPS = [
  { key: 'emailVerified', label: 'Confirmer votre adresse email', to: null },
  { key: 'subscribed', label: `Choisir votre abonnement (${TRIAL_DAYS} jours d’essai gratuit)`, to: '/pricing' },
  { key: 'tradePicked', label: 'Choisir votre métier', to: '/profile#metier' },
  { key: 'inGroup', label: 'Trouver un groupe où le siège de votre métier est libre', to: '/groupes' },
  { key: 'photoAndCompany', label: 'Ajouter votre photo et votre entreprise', to: '/profile#photo' },
  { key: 'guestInvited', label: 'Inviter un premier visiteur à une réunion', to: '/visiteurs' },
] as const satisfies readonly { key: string; label: string; to: string | null }[];

export type TodayStepKey = (typeof TODAY_STEPS)[number]['key'];

/** A step's state, said in words beside its mark (never by colour alone). */
export const TODAY_STEP_STATES = { done: 'Fait', pending: 'En cours', todo: 'À faire' } as const;

/** How many groups with the member's seat free `Vos premiers pas` names. */
export const TODAY_FREE_SEATS_SHOWN = 3;

export const todayMessages = {
  title: 'Aujourd’hui',
  hello: (firstName: string) => (firstName ? `Bonjour ${firstName}` : 'Bonjour'),
  loading: 'Chargement de votre journée…',
  loadFailed: 'Impossible de charger votre journée.',
  stepsTitle: 'Vos premiers pas',
  stepsProgress: (done: number, total: number) => `${done} sur ${total} faits`,
  stepsList: 'Étapes et leur état',
  nextStep: 'Étape suivante\u00a0:',
  verifyHint: (email: string) => `Ouvrez le lien envoyé à ${email}.`,
  resendLink: 'Renvoyer le lien',
  resent: (email: string) => `Un nouveau lien de confirmation a été envoyé à ${email}.`,
  freeSeatsIntro: 'Le siège de votre métier est libre dans ces groupes\u00a0:',
  noFreeSeat:
    'Aucun groupe n’a le siège de votre métier libre pour l’instant\u00a0: parcourez les groupes et inscrivez-vous sur une liste d’attente.',
  pickTradeFirst: 'Choisissez d’abord votre métier\u00a0: un seul professionnel par métier dans chaque groupe.',
  applicationPending: (group: string) =>
    `Candidature envoyée au groupe ${group}\u00a0: les membres ont ${OBJECTION_PERIOD_DAYS} jours pour répondre.`,
  allGroups: 'Voir tous les groupes',
  nextMeeting: 'Prochaine réunion',
  noMeeting: 'Aucune réunion prévue dans votre groupe pour l’instant.',
  checkin: 'Pointer ma présence',
  checkinOpensAt: (time: string) => `Le pointage ouvre à ${time}.`,
  checkedIn: 'Votre présence est enregistrée.',
  presenter: 'Présentation de la semaine\u00a0:',
  presenterMe: 'C’est vous qui présentez cette semaine.',
  noPresenter: 'Présentation de la semaine\u00a0: pas encore choisie.',
  meetingDetail: 'Ordre du jour',
  followLive: 'Suivre la réunion en direct',
  businessTitle: 'Affaires à confirmer',
  businessLine: (name: string, amount: string) => `${name} déclare une affaire conclue de ${amount} HT grâce à vous.`,
  staleTitle: 'Recommandations à faire avancer',
  staleLine: (days: number) => `Sans nouvelle étape depuis ${days} jour${days > 1 ? 's' : ''}`,
  staleAction: 'Faire avancer',
  waitlistTitle: 'Listes d’attente',
  eventsTitle: 'Vos événements du jour',
  scoreTitle: 'Mon score',
  scoreNext: 'Pour gagner des points\u00a0:',
  scoreFull: 'Vous avez tous les points\u00a0: continuez ainsi.',
  noScore: 'Votre score sera calculé cette nuit.',
  notificationsTitle: 'Notifications',
  noUnread: 'Aucune notification non lue.',
  allNotifications: 'Toutes les notifications',
  more: (count: number) => `et ${count} de plus`,
  emailVerified: 'Adresse confirmée\u00a0: bienvenue sur Synergie Pro.',
  verifyLinkFailed:
    'Ce lien de confirmation n’est plus valable\u00a0: demandez-en un nouveau avec «\u00a0Renvoyer le lien\u00a0» ci-dessous.',
  allClear: 'Rien ne vous attend pour l’instant. Une recommandation à passer\u202f?',
} as const;
