/**
 * Subscription plans (spec sections 1 and 9, docs/product/decisions.md "Subscription and billing").
 * Prices are in cents, VAT included (TTC): the web app displays them and the server's billing
 * reuses them. The payment provider's own price ids are settings, not data, so they stay out.
 * No zod here, so the browser can import this file alone; the server validates a plan id with
 * `z.enum(PLAN_IDS)`.
 */
export const PLAN_IDS = ['monthly', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PlanPeriod = 'month' | 'year';

export interface Plan {
  id: PlanId;
  /** Name shown to users. */
  name: string;
  /** `Formule mensuelle`: the name with its noun, agreed in gender (issue 31). */
  formula: string;
  /** One line under the name. */
  description: string;
  /** Price per period, VAT included, in cents. */
  priceCents: number;
  period: PlanPeriod;
  features: readonly string[];
  /** Highlighted with the 'Recommandé' badge. */
  recommended: boolean;
  trialDays: number;
}

export const TRIAL_DAYS = 14;
/** French standard VAT rate, in percent: prices are shown VAT included, commissions use the amount excluding it. */
export const VAT_RATE_PERCENT = 20;

/** Referral commissions, in percent of the amount excluding VAT (docs/product/decisions.md "Referral programme"). */
export const REFERRAL_FIRST_INVOICE_PERCENT = 10;
export const REFERRAL_RENEWAL_PERCENT = 5;

const memberFeatures = [
  // What a plumber pays for first (issue 31): a seat, the meeting, business followed to the end.
  'Un siège pour votre métier dans un groupe local\u00a0: un seul professionnel par métier',
  'La réunion hebdomadaire du groupe, son tour de table et ses visiteurs',
  'Des recommandations suivies jusqu’à l’affaire signée, et votre retour sur cotisation',
  'Votre score d’engagement, vu par votre groupe',
  'Accès à l’annuaire des membres\u00a0: notes et demandes de contact',
  'Inscription aux afterworks et aux événements thématiques',
  'Profil professionnel et carte de visite digitale',
  'Portfolio de projets et projets collaboratifs',
  'Mise en relation par synergie de métiers',
  'Programme de parrainage\u00a0: 10\u202f% sur les nouveaux membres, 5\u202f% sur les renouvellements',
] as const;

export const plans: readonly Plan[] = [
  {
    id: 'monthly',
    name: 'Mensuel',
    formula: 'Formule mensuelle',
    description: 'La souplesse, sans engagement de durée.',
    priceCents: 9900,
    period: 'month',
    features: [...memberFeatures, 'Résiliable à tout moment, effective à la fin du mois en cours'],
    recommended: true,
    trialDays: TRIAL_DAYS,
  },
  {
    id: 'annual',
    name: 'Annuel',
    formula: 'Formule annuelle',
    description: 'Le meilleur prix pour une année de synergies.',
    priceCents: 100_000,
    period: 'year',
    features: [...memberFeatures, 'Un seul paiement par an'],
    recommended: false,
    trialDays: TRIAL_DAYS,
  },
];

export function getPlan(id: PlanId): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** What a year costs on the monthly plan minus the annual price: 12 x 99 € - 1000 € = 188 €. */
export const ANNUAL_SAVINGS_CENTS = getPlan('monthly').priceCents * 12 - getPlan('annual').priceCents;

/** The amount excluding VAT of a VAT-included price, rounded to the cent. */
export function excludingVatCents(includingVatCents: number): number {
  return Math.round((includingVatCents * 100) / (100 + VAT_RATE_PERCENT));
}

/**
 * A referral commission: `percent` of the amount excluding VAT of a VAT-included payment,
 * rounded once to the cent (integer arithmetic, so 412.5 rounds up as a person would).
 */
export function referralCommissionCents(includingVatCents: number, percent: number): number {
  return Math.round((includingVatCents * percent) / (100 + VAT_RATE_PERCENT));
}
