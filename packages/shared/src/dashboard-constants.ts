// The member's dashboard (/dashboard, issue 29): what each figure counts, written once and printed
// on the page next to the figure, and its next actions, with no dependency (the page loads them
// without zod).

import { formatMoney } from './format';
import type { ScoreSourceKey } from './score-constants';
import { SCORE_ACTIONS, STALE_RECOMMENDATION_DAYS } from './today-constants';

/** The trend looks back over this many Paris months, the current one included. */
export const DASHBOARD_MONTHS = 12;

/** The four series of the trend, in the chart's order. */
export const DASHBOARD_SERIES = ['given', 'received', 'won', 'confirmed'] as const;
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number];

/**
 * Every figure of /dashboard: its label and what it counts (the page prints both). The server
 * (apps/server/src/domain/dashboard.ts) counts each one as written here.
 */
export const dashboardDefinitions = {
  // The trend, month by month (Paris months).
  given: {
    label: 'Données',
    counts: 'les recommandations que vous avez passées à d’autres membres, au mois où vous les avez passées.',
  },
  received: {
    label: 'Reçues',
    counts: 'les recommandations que d’autres membres vous ont passées, au mois où ils vous les ont passées.',
  },
  won: {
    label: 'Gagnées',
    counts: 'les recommandations reçues que vous avez passées à «\u00a0Gagnée\u00a0», au mois où vous l’avez fait.',
  },
  confirmed: {
    label: 'Confirmées',
    counts:
      'les recommandations reçues dont le membre qui vous a recommandé a confirmé l’affaire, au mois de la confirmation.',
  },
  // The business, to date (amounts excluding VAT).
  confirmedReceived: {
    label: 'Affaires reçues confirmées (HT)',
    counts:
      'le montant des affaires que vous avez déclarées et que le membre qui vous a recommandé a confirmées, depuis votre arrivée.',
  },
  confirmedGiven: {
    label: 'Affaires apportées confirmées (HT)',
    counts:
      'le montant des affaires déclarées par les membres que vous avez recommandés et que vous avez confirmées, depuis votre arrivée.',
  },
  toConfirm: {
    label: 'À confirmer par vous (HT)',
    counts:
      'le montant des affaires déclarées par les membres que vous avez recommandés et que vous n’avez pas encore confirmées\u202f; il compte dans les affaires apportées confirmées une fois que vous l’avez confirmé.',
  },
  awaiting: {
    label: 'Déclarées, en attente de confirmation (HT)',
    counts:
      'le montant des affaires que vous avez déclarées et que le membre qui vous a recommandé n’a pas encore confirmées\u202f; il compte dans les affaires reçues confirmées une fois qu’il l’a confirmé.',
  },
  disputed: {
    label: 'Contestées (HT)',
    counts:
      'le montant des affaires que vous avez déclarées et que le membre qui vous a recommandé conteste\u202f; il ne compte nulle part tant que vous ne l’avez pas corrigé et qu’il ne l’a pas confirmé.',
  },
  // The recommendations, to date.
  totalGiven: {
    label: 'Données au total',
    counts: 'toutes les recommandations que vous avez passées à d’autres membres, depuis votre arrivée.',
  },
  totalReceived: {
    label: 'Reçues au total',
    counts: 'toutes les recommandations que d’autres membres vous ont passées, depuis votre arrivée.',
  },
  totalWon: {
    label: 'Gagnées au total',
    counts: 'les recommandations reçues que vous avez passées à «\u00a0Gagnée\u00a0», depuis votre arrivée.',
  },
  conversion: {
    label: 'Taux de transformation',
    counts:
      'gagnées / (gagnées + perdues + sans suite), sur les recommandations que vous avez reçues, depuis votre arrivée\u202f; «\u00a0—\u00a0» tant qu’aucune n’est close.',
  },
  // Meetings and contacts.
  oneToOnes: {
    label: 'Tête-à-tête confirmés',
    counts: 'les tête-à-tête que vous avez demandés ou acceptés et que les deux membres ont confirmés.',
  },
  testimonials: {
    label: 'Témoignages publiés',
    counts: 'les témoignages que des membres ont écrits sur vous et que vous avez publiés.',
  },
  contactsToAnswer: {
    label: 'Demandes de contact à traiter',
    counts: 'les demandes de contact d’autres membres auxquelles vous n’avez pas encore répondu.',
  },
  contactsSentPending: {
    label: 'Demandes envoyées sans réponse',
    counts: 'vos demandes de contact auxquelles le membre n’a pas encore répondu.',
  },
  contactsAccepted: {
    label: 'Contacts acceptés',
    counts: 'les demandes de contact acceptées, que vous les ayez envoyées ou reçues.',
  },
  contactsDeclined: {
    label: 'Demandes refusées (reçues / envoyées)',
    counts: 'les demandes que vous avez refusées, puis celles qu’on vous a refusées.',
  },
  sharedProjects: {
    label: 'Projets communs',
    counts: 'les projets ouverts avec un membre après une demande de contact acceptée.',
  },
  // Ratings.
  ratingAverage: {
    label: 'Note moyenne',
    counts: 'la moyenne, sur 5, des notes que les membres vous ont données\u202f; «\u00a0—\u00a0» sans note.',
  },
  ratingsReceived: { label: 'Évaluations reçues', counts: 'les notes que d’autres membres vous ont données.' },
  ratingsGiven: { label: 'Évaluations données', counts: 'les notes que vous avez données à d’autres membres.' },
  // Events.
  eventsUpcoming: {
    label: 'Inscriptions à venir',
    counts: 'les événements où vous êtes inscrit, à partir d’aujourd’hui.',
  },
  eventsTotal: { label: 'Inscriptions au total', counts: 'tous les événements où vous vous êtes inscrit.' },
  eventsOrganized: { label: 'Événements organisés', counts: 'les événements que vous avez publiés.' },
  // Referral.
  referrals: { label: 'Filleuls', counts: 'les membres inscrits avec votre lien de parrainage.' },
  commissionsPending: {
    label: 'Commissions en attente',
    counts: 'vos commissions dont la date de versement n’est pas encore venue.',
  },
  commissionsPayable: {
    label: 'Commissions à verser',
    counts: 'vos commissions dont la date est venue et qui ne vous ont pas encore été versées.',
  },
  commissionsPaid: { label: 'Commissions versées', counts: 'vos commissions déjà versées.' },
  // Publications.
  services: { label: 'Services', counts: 'les services que vous proposez sur votre page.' },
  projects: { label: 'Projets', counts: 'les projets de votre portfolio.' },
  jobOffers: { label: 'Offres d’emploi', counts: 'les offres d’emploi que vous avez publiées.' },
  applicationsReceived: {
    label: 'Candidatures reçues',
    counts: 'les candidatures reçues sur vos offres d’emploi.',
  },
  applicationsSent: {
    label: 'Candidatures envoyées',
    counts: 'les candidatures que vous avez envoyées à d’autres membres.',
  },
} as const satisfies Record<string, { label: string; counts: string }>;
export type DashboardFigureKey = keyof typeof dashboardDefinitions;

export const dashboardMessages = {
  title: 'Tableau de bord',
  intro: 'Votre activité dans le réseau\u00a0: la tendance sur 12 mois, vos affaires et ce qu’il reste à faire.',
  loading: 'Chargement du tableau de bord…',
  loadFailed: 'Erreur lors du chargement du tableau de bord',
  actionsTitle: 'Vos prochaines actions',
  noAction: 'Rien ne vous attend pour l’instant. Une recommandation à passer\u202f?',
  newRecommendation: 'Passer une recommandation',
  businessTitle: 'Vos affaires',
  businessIntro:
    'Une affaire compte comme confirmée quand les deux membres sont d’accord sur son montant\u00a0: ce qui attend une confirmation est compté à part.',
  trendTitle: 'Vos recommandations sur 12 mois',
  chartTitle: 'Recommandations données, reçues, gagnées et confirmées, mois par mois sur 12 mois',
  chartSummary: (given: number, received: number, won: number, confirmed: number) =>
    `Sur 12 mois, vous avez donné ${given} recommandation${given > 1 ? 's' : ''}, en avez reçu ${received}, gagné ${won} et vu ${confirmed} affaire${confirmed > 1 ? 's' : ''} confirmée${confirmed > 1 ? 's' : ''}.`,
  month: 'Mois',
  totalsTitle: 'Sur 12 mois',
  activityTitle: 'Votre activité depuis votre arrivée',
  recommendationsTitle: 'Recommandations',
  meetingsTitle: 'Tête-à-tête et contacts',
  ratingsTitle: 'Évaluations',
  eventsTitle: 'Événements',
  referralTitle: 'Parrainage',
  contentTitle: 'Mes publications',
  definitions: 'Ce que compte chaque chiffre',
  count: (n: number) => `${n} affaire${n > 1 ? 's' : ''}`,
} as const;

/** One next action of /dashboard: what to do, why (the count behind it) and where. */
export interface DashboardAction {
  key: 'toConfirm' | 'disputed' | 'stale' | 'score';
  label: string;
  detail: string;
  to: string;
}

const one = (id: string | null, list: string) => (id ? `/recommandations/${id}` : list);

/**
 * The next actions, most urgent first: confirm the business declared thanks to the member (the
 * amount waits on them), correct a disputed amount, move the recommendations not moved for
 * STALE_RECOMMENDATION_DAYS, then the score's best action (bestScoreAction, chosen by the server).
 * A single item links to its recommendation, several to the list.
 */
export function dashboardActions(d: {
  business: {
    toConfirm: { count: number; amountCents: number; recommendationId: string | null };
    disputed: { count: number; amountCents: number; recommendationId: string | null };
  };
  stale: { count: number; recommendationId: string | null };
  scoreAction: ScoreSourceKey | null;
}): DashboardAction[] {
  const actions: DashboardAction[] = [];
  const { toConfirm, disputed } = d.business;
  if (toConfirm.count > 0) {
    actions.push({
      key: 'toConfirm',
      label:
        toConfirm.count > 1
          ? 'Confirmer les affaires déclarées grâce à vous'
          : 'Confirmer l’affaire déclarée grâce à vous',
      detail: `${dashboardMessages.count(toConfirm.count)} pour ${formatMoney(toConfirm.amountCents)} HT attend${toConfirm.count > 1 ? 'ent' : ''} votre confirmation.`,
      to: one(toConfirm.count === 1 ? toConfirm.recommendationId : null, '/recommandations?side=given&status=won'),
    });
  }
  if (disputed.count > 0) {
    actions.push({
      key: 'disputed',
      label: disputed.count > 1 ? 'Corriger les montants contestés' : 'Corriger le montant contesté',
      detail: `${dashboardMessages.count(disputed.count)} pour ${formatMoney(disputed.amountCents)} HT contestée${disputed.count > 1 ? 's' : ''} par le membre qui vous a recommandé.`,
      to: one(disputed.count === 1 ? disputed.recommendationId : null, '/recommandations?status=won'),
    });
  }
  if (d.stale.count > 0) {
    actions.push({
      key: 'stale',
      label: d.stale.count > 1 ? 'Faire avancer vos recommandations' : 'Faire avancer votre recommandation',
      detail: `${d.stale.count} recommandation${d.stale.count > 1 ? 's' : ''} reçue${d.stale.count > 1 ? 's' : ''} sans nouvelle étape depuis ${STALE_RECOMMENDATION_DAYS} jours ou plus.`,
      to: one(d.stale.count === 1 ? d.stale.recommendationId : null, '/recommandations'),
    });
  }
  if (d.scoreAction) {
    const action = SCORE_ACTIONS[d.scoreAction];
    actions.push({
      key: 'score',
      label: action.label,
      detail: 'Pour gagner des points\u00a0: l’action qui rapporte le plus à votre score.',
      to: action.to,
    });
  }
  return actions;
}
