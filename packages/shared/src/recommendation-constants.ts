// Recommendations, closed business, one-to-ones and testimonials (docs/product/network-core.md §3):
// the statuses, labels, limits and French words, with no dependency (the browser imports them
// without zod).

/** `Pour vous`: the giver needs the receiver's service; `Un contact externe`: a third party. */
export const RECOMMENDATION_KINDS = ['for_you', 'external'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];
export const RECOMMENDATION_KIND_LABELS: Record<RecommendationKind, string> = {
  for_you: 'Pour vous',
  external: 'Un contact externe',
};

/**
 * The receiver moves a recommendation along this order (network-core §3). Forward only: a status
 * may skip steps (a contact who signs at the first call goes from `Reçue` to `Gagnée`) but never
 * goes back, and the three closing statuses are final.
 */
export const RECOMMENDATION_STATUSES = [
  'received',
  'contacted',
  'meeting',
  'quote_sent',
  'won',
  'lost',
  'no_follow_up',
] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];
export const RECOMMENDATION_STATUS_LABELS: Record<RecommendationStatus, string> = {
  received: 'Reçue',
  contacted: 'Contactée',
  meeting: 'Rendez-vous',
  quote_sent: 'Devis envoyé',
  won: 'Gagnée',
  lost: 'Perdue',
  no_follow_up: 'Sans suite',
};
export const OPEN_RECOMMENDATION_STATUSES = ['received', 'contacted', 'meeting', 'quote_sent'] as const;
export const CLOSED_RECOMMENDATION_STATUSES = ['won', 'lost', 'no_follow_up'] as const;

/**
 * What the recommendations' figures count, printed next to them (/admin/recommandations, the
 * group's totals, the overview, the dashboard): one home for the rate's definition.
 */
export const recommendationRateDefinitions = {
  given:
    'Recommandations données\u00a0: celles données sur la période, au mois où elles ont été données\u202f; chacune est ensuite gagnée, perdue, sans suite ou encore en cours.',
  won: 'Gagnées, perdues, sans suite, en cours\u00a0: où en sont aujourd’hui les recommandations données sur la période (leur somme fait les recommandations données).',
  declared:
    'Affaires déclarées\u00a0: le montant HT déclaré par le receveur sur les recommandations gagnées, confirmé ou non\u202f; confirmées\u00a0: celles que le donneur a confirmées.',
  transformation:
    'Taux de transformation\u00a0: gagnées / (gagnées + perdues + sans suite)\u202f; les recommandations encore en cours ne comptent pas.',
} as const;

/**
 * `Taux de transformation`: gagnées / (gagnées + perdues + sans suite), in whole percent; null when
 * none is closed yet (recommendationRateDefinitions.transformation). `closed` is that sum.
 */
export function conversionPercent(won: number, closed: number): number | null {
  return closed === 0 ? null : Math.round((won * 100) / closed);
}

export function isClosedRecommendationStatus(status: RecommendationStatus): boolean {
  return (CLOSED_RECOMMENDATION_STATUSES as readonly string[]).includes(status);
}

/** The statuses the receiver may move a recommendation to from `from` (forward only). */
export function nextRecommendationStatuses(from: RecommendationStatus): RecommendationStatus[] {
  if (isClosedRecommendationStatus(from)) return [];
  const index = RECOMMENDATION_STATUSES.indexOf(from);
  return RECOMMENDATION_STATUSES.filter((s, i) => i > index || isClosedRecommendationStatus(s));
}

export function canMoveRecommendation(from: RecommendationStatus, to: RecommendationStatus): boolean {
  return nextRecommendationStatuses(from).includes(to);
}

/** `Chaleur`: how warm the lead is, 1 (cold) to 5 (ready to sign). */
export const HEAT_MIN = 1;
export const HEAT_MAX = 5;
export const HEAT_LABELS: Record<number, string> = {
  1: 'Froid',
  2: 'Tiède',
  3: 'Intéressé',
  4: 'Chaud',
  5: 'Prêt à signer',
};

/** Closed business (`Affaire conclue`), declared by the receiver on a won recommendation. */
export const BUSINESS_STATUSES = ['declared', 'confirmed', 'disputed'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export const BUSINESS_STATUS_LABELS: Record<BusinessStatus, string> = {
  declared: 'Déclarée',
  confirmed: 'Confirmée',
  disputed: 'Contestée',
};

/** 10 million euros, in cents: the largest amount one recommendation may declare. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/** A recommendation left at `Reçue` this long reminds the receiver, once. */
export const RECOMMENDATION_REMINDER_DAYS = 7;
/**
 * An external contact's details (a person who is not a member) are kept while the recommendation
 * is followed, then deleted this long after it closed (or after its last change, if it never
 * closes): RGPD minimisation, `purge-recommendation-contacts` job.
 */
export const CONTACT_RETENTION_MONTHS = 12;

export const ONE_TO_ONE_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type OneToOneStatus = (typeof ONE_TO_ONE_STATUSES)[number];
export const ONE_TO_ONE_STATUS_LABELS: Record<OneToOneStatus, string> = {
  pending: 'À confirmer',
  confirmed: 'Confirmé',
  declined: 'Refusé',
};

/**
 * A one-to-one is logged once the meeting happened (not in the future) and at most this many
 * months after it (older meetings are no longer worth confirming: the figures look back 6 months).
 */
export const ONE_TO_ONE_MAX_AGE_MONTHS = 6;

/** Today's calendar date in Europe/Paris, `YYYY-MM-DD`. */
export function parisToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `date` minus `months` calendar months, the day clamped to the month's end (08-31 → 02-28). */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(Math.min(day, last))}`;
}

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];
export const TESTIMONIAL_STATUS_LABELS: Record<TestimonialStatus, string> = {
  pending: 'En attente',
  approved: 'Publié',
  declined: 'Refusé',
};

export const RECOMMENDATION_LIMITS = {
  contactName: 100,
  contactCompany: 150,
  contactPhone: 30,
  need: 1000,
  message: 2000,
  lostReason: 500,
  disputeReason: 1000,
  note: 1000,
  oneToOnePlace: 150,
  oneToOneNotes: 2000,
  testimonialMin: 20,
  testimonial: 1500,
  pageSize: 20,
  maxPageSize: 100,
} as const;

/** The French words of §3, word for word where the spec gives them. */
export const recommendationMessages = {
  recommend: 'Recommander',
  recommendations: 'Recommandations',
  myRecommendations: 'Mes recommandations',
  given: 'Données',
  received: 'Reçues',
  heat: 'Chaleur',
  consent: 'Ce contact a accepté d’être recontacté',
  consentRequired:
    'Cochez «\u00a0Ce contact a accepté d’être recontacté\u00a0»\u00a0: sans son accord, nous ne gardons pas ses coordonnées.',
  contactReachRequired: 'Indiquez le téléphone ou l’email du contact',
  closedBusiness: 'Affaire conclue',
  confirm: 'Je confirme',
  dispute: 'Je conteste',
  oneToOne: 'Tête-à-tête',
  oneToOnes: 'Tête-à-tête',
  testimonials: 'Témoignages',
  confirmedAmount: 'Montant confirmé',
  declaredAmount: 'Montant déclaré',
  conversion: 'Taux de transformation',
  exportCsv: 'Exporter en CSV',
  deletedMember: 'Ancien membre',
  contactPurged: 'Coordonnées supprimées (conservation limitée à 12 mois)',
} as const;
