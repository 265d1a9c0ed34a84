// The group's health (issue 29): the leaders' page tabs, the figures of `Vue d'ensemble` and the
// admins' network view, what each one counts, written once and printed on the page next to it,
// with no dependency (the page loads them without zod).
import { recommendationRateDefinitions } from './recommendation-constants';

/** The leaders' page (/groupes/:slug/gestion) in tabs, `?onglet=` naming the open one. */
export const LEADER_TABS = [
  { slug: 'vue-d-ensemble', label: 'Vue d’ensemble' },
  { slug: 'candidatures', label: 'Candidatures' },
  { slug: 'membres', label: 'Membres' },
  { slug: 'reunions', label: 'Réunions' },
  { slug: 'visiteurs', label: 'Visiteurs' },
  { slug: 'historique', label: 'Historique' },
] as const;
export type LeaderTab = (typeof LEADER_TABS)[number]['slug'];
export const LEADER_TAB_PARAM = 'onglet';
export const DEFAULT_LEADER_TAB: LeaderTab = 'vue-d-ensemble';

export function leaderTabOf(value: string | null | undefined): LeaderTab {
  return LEADER_TABS.find((t) => t.slug === value)?.slug ?? DEFAULT_LEADER_TAB;
}

/** The overview looks back over this many Paris weeks (Monday to Sunday), the current one included. */
export const HEALTH_WEEKS = 12;

/** The health's sums are recounted at most this often (per app instance, decision 0021). */
export const HEALTH_KEPT_MINUTES = 5;

/** BNI's benchmark: recommendations given per member per week. */
export const RECOMMENDATIONS_BENCHMARK = 1.2;

/** A leader compares their group with at most this many other groups. */
export const HEALTH_MAX_COMPARED = 3;
/** `?comparer=id1,id2`: the compared groups, in the page's URL. */
export const HEALTH_COMPARE_PARAM = 'comparer';

/**
 * Attendance statuses that always count as present (network-core §4: a substitute holds the seat);
 * `À distance` counts by the group's rule (apps/server/src/domain/attended.ts).
 */
export const ATTENDED_STATUSES = ['present', 'late', 'substituted'] as const;

/** The score distribution's bands, from 0 to 100 (member_scores, computed daily). */
export const SCORE_BANDS = [
  { from: 0, to: 29 },
  { from: 30, to: 49 },
  { from: 50, to: 69 },
  { from: 70, to: 100 },
] as const;

/** Every figure of the overview with what it counts (the page prints these words next to it). */
export const groupHealthDefinitions = {
  attendance:
    'Taux de présence\u00a0: les présences (présent, en retard ou remplacé) divisées par les places attendues, c’est-à-dire, pour chaque réunion tenue de la semaine, les membres qui étaient dans le groupe à son heure\u202f; une réunion annulée ne compte pas, un membre sans présence enregistrée compte absent, un excusé ne compte pas présent.',
  recommendations:
    'Recommandations par membre et par semaine\u00a0: les recommandations données par les membres du groupe dans la semaine, divisées par les membres du groupe à la fin de la semaine, face au repère de 1,2.',
  oneToOnes:
    'Tête-à-tête\u00a0: les tête-à-tête confirmés par les deux membres, à la date de la rencontre, dont au moins un participant était membre du groupe cette semaine-là (compté une fois).',
  visitors:
    'Visiteurs\u00a0: les invités des réunions de la semaine (tenues ou non)\u202f; venus\u00a0: ceux enregistrés à l’accueil ou suivis après leur venue\u202f; devenus membres\u00a0: ceux dont la fiche indique aujourd’hui qu’ils ont rejoint le réseau.',
  members: 'Membres\u00a0: les membres du groupe à la fin de la semaine (arrivés avant, pas encore partis).',
  left: 'Départs\u00a0: les membres dont l’adhésion au groupe a pris fin dans la semaine (départ, retrait ou abonnement échu).',
  transformation: recommendationRateDefinitions.transformation,
  seats:
    'Sièges occupés par famille\u00a0: les membres actifs aujourd’hui, par famille de métiers du catalogue\u202f; un métier est un siège.',
  scores:
    'Répartition des scores\u00a0: les scores du jour des membres actifs, par tranche (le score compte les 6 derniers mois, voir la page Score).',
  median:
    'Médiane nationale\u00a0: la valeur du groupe du milieu quand on range tous les groupes du réseau ayant au moins un membre (la moitié fait mieux, la moitié moins bien).',
  pooled:
    'Pour un ensemble de groupes (le réseau, une région), les taux sont calculés sur les sommes\u00a0: chaque présence et chaque recommandation pèsent autant.',
  period:
    'Période\u00a0: les 12 dernières semaines, du lundi au dimanche, à l’heure de Paris, la semaine en cours comprise.',
  freshness: `Actualisation\u00a0: les chiffres sont recalculés au plus toutes les ${HEALTH_KEPT_MINUTES}\u00a0minutes.`,
} as const;

export const groupHealthMessages = {
  title: 'La santé du groupe',
  intro:
    'Les chiffres du groupe sur les 12 dernières semaines, face aux groupes que vous choisissez et à la médiane nationale.',
  loading: 'Chargement de la santé du groupe…',
  loadFailed: 'Impossible de charger la santé du groupe.',
  week: 'Semaine du',
  attendance: 'Taux de présence',
  recommendations: 'Recommandations par membre et par semaine',
  benchmark: 'Repère',
  oneToOnes: 'Tête-à-tête',
  visitors: 'Visiteurs',
  visitorsCame: 'Venus',
  visitorsBecameMembers: 'Devenus membres',
  members: 'Membres',
  joined: 'Arrivées',
  left: 'Départs',
  transformation: 'Taux de transformation',
  seats: 'Sièges occupés par famille',
  family: 'Famille',
  filled: 'Sièges occupés',
  catalogue: 'Métiers au catalogue',
  scores: 'Répartition des scores',
  band: 'Tranche',
  membersCount: 'Membres',
  noScore: 'Aucun score calculé pour les membres du groupe.',
  national: 'Médiane nationale',
  thisGroup: 'Ce groupe',
  compareTitle: 'Comparer avec d’autres groupes',
  compareHelp: 'Vous voyez les chiffres d’ensemble des groupes choisis, jamais leurs membres.',
  compareWith: 'Groupe à comparer',
  compareAdd: 'Ajouter à la comparaison',
  compareRemove: (name: string) => `Retirer ${name} de la comparaison`,
  compareFull: 'Trois groupes au plus.',
  comparison: 'Comparaison sur 12 semaines',
  figure: 'Chiffre',
  definitions: 'Ce que compte chaque chiffre',
  cancelledMeetings: (n: number) => (n === 1 ? '1 réunion annulée' : `${n} réunions annulées`),
  noMeeting: 'Aucune réunion tenue',
  attendanceSummary: (rate: string, median: string) =>
    `Sur 12 semaines, taux de présence de ${rate}, pour une médiane nationale de ${median}.`,
  recommendationsSummary: (rate: string) =>
    `Sur 12 semaines, ${rate} recommandation par membre et par semaine, pour un repère de 1,2.`,
  activitySummary: (oneToOnes: number, visitors: number, members: number) =>
    `Sur 12 semaines, ${oneToOnes} tête-à-tête, ${visitors} visiteurs dont ${members} devenus membres.`,
  seatsSummary: (filled: number) => `${filled} sièges occupés aujourd’hui.`,
  scoresSummary: (scored: number, median: string) => `${scored} membres notés, score médian ${median}.`,
  adminTitle: 'La santé du réseau',
  adminIntro: 'Les mêmes chiffres que la vue d’ensemble des groupes, pour tout le réseau et pour chaque région.',
  network: 'Tout le réseau',
  region: 'Région',
  groups: 'Groupes',
} as const;
