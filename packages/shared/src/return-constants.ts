// `Mon retour sur cotisation` (issue 29): what each figure counts, written once and printed on the
// page, with no dependency (the page and the `Aujourd'hui` card load them without zod).

/** The page looks back over this many Paris months, the current one included. */
export const RETURN_MONTHS = 12;

/** How many members and trades `D'où viennent vos affaires` lists. */
export const RETURN_SOURCES_SHOWN = 5;

export const RETURN_PAGE_PATH = '/mon-retour';

/** Every figure of the page with what it counts (the page prints these words next to it). */
export const returnDefinitions = {
  received:
    'Affaires reçues\u00a0: le montant HT des affaires conclues grâce aux recommandations que vous avez reçues, déclarées par vous et confirmées par le membre qui vous a recommandé, au mois de la confirmation.',
  given:
    'Affaires apportées\u00a0: le montant HT des affaires conclues par les membres à qui vous avez passé une recommandation, confirmées par vous, au mois de la confirmation.',
  paid: 'Cotisation payée\u00a0: vos paiements d’abonnement (TTC et HT), au mois du paiement\u202f; un paiement remboursé ne compte pas.',
  breakEven:
    'Seuil de rentabilité\u00a0: le mois où le cumul de vos affaires reçues (HT) atteint le cumul de votre cotisation (HT).',
  declared:
    'Déclarées, pas encore confirmées\u00a0: les affaires que vous avez déclarées et que le membre qui vous a recommandé n’a pas encore confirmées, ou qu’il conteste\u202f; elles ne comptent pas dans les affaires reçues.',
  lost: 'Recommandations perdues\u00a0: celles que vous avez reçues et passées à «\u00a0Perdue\u00a0» sur la période, avec la raison donnée.',
} as const;

export const returnMessages = {
  title: 'Mon retour sur cotisation',
  intro: 'Ce que le réseau vous a apporté, face à ce que vous avez payé, mois par mois sur 12 mois.',
  loading: 'Chargement de votre retour sur cotisation…',
  loadFailed: 'Impossible de charger votre retour sur cotisation.',
  received: 'Affaires reçues',
  given: 'Affaires apportées',
  paidTtc: 'Cotisation payée (TTC)',
  paidHt: 'Cotisation payée (HT)',
  ratio: 'Retour pour 1 € de cotisation',
  breakEvenReached: (month: string) => `Seuil de rentabilité atteint en ${month}.`,
  breakEvenNotYet: 'Seuil de rentabilité pas encore atteint sur la période.',
  chartTitle: 'Affaires reçues et cotisation, cumulées sur 12 mois',
  chartSummary: (received: string, paid: string) =>
    `Sur 12 mois, vous avez reçu ${received} HT d’affaires confirmées pour ${paid} HT de cotisation.`,
  month: 'Mois',
  cumulatedReceived: 'Affaires reçues cumulées (HT)',
  cumulatedPaid: 'Cotisation cumulée (HT)',
  sourcesTitle: 'D’où viennent vos affaires',
  byMember: 'Par membre',
  byTrade: 'Par métier',
  noSource: 'Aucune affaire confirmée sur la période.',
  declaredTitle: 'Déclarées, pas encore confirmées',
  lostTitle: 'Recommandations perdues',
  noLost: 'Aucune recommandation perdue sur la période.',
  noReason: 'Sans raison donnée',
  definitions: 'Ce que compte chaque chiffre',
  card: 'Mon retour sur cotisation',
  cardLine: (received: string, paid: string) =>
    `${received} HT d’affaires reçues pour ${paid} HT de cotisation sur 12 mois.`,
  cardLink: 'Voir le détail',
} as const;
