import './zod-locale';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { z } from 'zod';
import { calendarDate, isoDateTime } from './api-dates';
import { email, multilineText, optionalText } from './fields';
import {
  BUSINESS_STATUSES,
  HEAT_MAX,
  HEAT_MIN,
  RECOMMENDATION_LIMITS as L,
  MAX_AMOUNT_CENTS,
  ONE_TO_ONE_STATUSES,
  RECOMMENDATION_KINDS,
  RECOMMENDATION_STATUSES,
  recommendationMessages,
  TESTIMONIAL_STATUSES,
} from './recommendation-constants';

export * from './recommendation-constants';

const id = z.string().trim().min(1).max(200);

// ---------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------

export const amountMessages = {
  required: 'Le montant HT est requis',
  notANumber: 'Le montant doit être un nombre (par exemple 1 500 ou 1 500,50)',
  notPositive: 'Le montant doit être supérieur à 0 €',
  tooLarge: 'Le montant ne peut pas dépasser 10\u202f000\u202f000 €',
} as const;

/**
 * An amount excluding VAT as a person types it, in euros (`1 500`, `1 500,50`, `1500.5`, or a JSON
 * number of euros), to integer cents. Positive, at most 10 million euros, at most 2 decimals.
 */
export const euroAmount = () =>
  z.union([z.string(), z.number()], { error: amountMessages.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: amountMessages.required });
      return z.NEVER;
    }
    if (!/^-?\d+(\.\d{1,2})?$/.test(text) || !Number.isFinite(Number(text))) {
      ctx.addIssue({ code: 'custom', message: amountMessages.notANumber });
      return z.NEVER;
    }
    const cents = Math.round(Number(text) * 100);
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: amountMessages.notPositive });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: amountMessages.tooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** Cents back to what the amount field shows: 150050 → '1500,50', 150000 → '1500'. */
export function centsToAmountInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');
}

export const phoneMessages = {
  invalid: 'Numéro de téléphone invalide',
  tooLong: `Le numéro de téléphone ne peut pas dépasser ${L.contactPhone} caractères`,
} as const;

/** A phone number (French by default, or international with +), stored in E.164; empty → null. */
export const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(L.contactPhone, { error: phoneMessages.tooLong })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!isValidPhoneNumber(v, 'FR')) {
        ctx.addIssue({ code: 'custom', message: phoneMessages.invalid });
        return z.NEVER;
      }
      return parsePhoneNumberWithError(v, 'FR').number as string;
    });

/** '+33612345678' → '06 12 34 56 78'; international numbers in their international form. */
export function formatPhone(e164: string): string {
  try {
    const parsed = parsePhoneNumberWithError(e164, 'FR');
    return parsed.country === 'FR' ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return e164;
  }
}

const optionalEmail = () =>
  z
    .union([z.literal(''), z.null(), email()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null));

// ---------------------------------------------------------------------------
// Giving a recommendation
// ---------------------------------------------------------------------------

/**
 * POST /api/recommendations and the `Recommander` form (one schema for both). For `Un contact
 * externe` the contact's name, a phone or an email, and the consent box are required; for `Pour
 * vous` the contact fields are dropped (nothing about a third party is stored).
 */
export const recommendationFormSchema = z
  .object({
    receiverId: id.describe('Le membre qui reçoit la recommandation'),
    kind: z.enum(RECOMMENDATION_KINDS, { error: 'Choisissez le type de recommandation' }),
    contactName: optionalText(L.contactName, 'Le nom du contact'),
    contactPhone: optionalPhone(),
    contactEmail: optionalEmail(),
    contactCompany: optionalText(L.contactCompany, "L'entreprise"),
    need: optionalText(L.need, 'Le besoin', { multiline: true }),
    consent: z.boolean().optional().default(false),
    heat: z.coerce
      .number({ error: 'Indiquez la chaleur, de 1 à 5' })
      .int({ error: 'Indiquez la chaleur, de 1 à 5' })
      .min(HEAT_MIN, { error: 'Indiquez la chaleur, de 1 à 5' })
      .max(HEAT_MAX, { error: 'Indiquez la chaleur, de 1 à 5' }),
    message: optionalText(L.message, 'Le message', { multiline: true }),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'external') return;
    if (!v.consent)
      ctx.addIssue({ code: 'custom', path: ['consent'], message: recommendationMessages.consentRequired });
    if (!v.contactName || v.contactName.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['contactName'], message: 'Le nom du contact est requis' });
    }
    if (!v.contactPhone && !v.contactEmail) {
      ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: recommendationMessages.contactReachRequired });
    }
    if (!v.need || v.need.length < 2)
      ctx.addIssue({ code: 'custom', path: ['need'], message: 'Décrivez le besoin du contact' });
  })
  .transform((v) =>
    v.kind === 'external'
      ? v
      : { ...v, contactName: null, contactPhone: null, contactEmail: null, contactCompany: null, consent: false },
  );
export type RecommendationFormInput = z.input<typeof recommendationFormSchema>;
export type RecommendationForm = z.output<typeof recommendationFormSchema>;

// ---------------------------------------------------------------------------
// Moving it along, closed business
// ---------------------------------------------------------------------------

/**
 * POST /api/recommendations/:id/status (the receiver only). `Gagnée` takes the amount excluding
 * VAT (which declares the closed business), `Perdue` a reason; a note is optional for any step.
 */
export const moveRecommendationSchema = z
  .object({
    status: z.enum(RECOMMENDATION_STATUSES, { error: 'Choisissez une étape' }),
    amount: z.union([z.string(), z.number(), z.null()]).optional(),
    lostReason: optionalText(L.lostReason, 'La raison', { multiline: true }),
    note: optionalText(L.note, 'La note', { multiline: true }),
  })
  .transform((v, ctx) => {
    let amountCents: number | null = null;
    if (v.status === 'won') {
      const parsed = euroAmount().safeParse(v.amount ?? '');
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['amount'], message: issue.message });
        return z.NEVER;
      }
      amountCents = parsed.data;
    }
    if (v.status === 'lost' && !v.lostReason) {
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'Indiquez pourquoi l’affaire est perdue' });
      return z.NEVER;
    }
    return {
      status: v.status,
      amountCents,
      lostReason: v.status === 'lost' ? v.lostReason : null,
      note: v.note,
    };
  });
export type MoveRecommendationInput = z.input<typeof moveRecommendationSchema>;

/** PUT /api/recommendations/:id/business: the receiver corrects the declared amount (back to `Déclarée`). */
export const declareBusinessSchema = z.object({ amount: euroAmount() });
export type DeclareBusinessInput = z.input<typeof declareBusinessSchema>;

const seenMessage = 'Le montant affiché manque\u00a0: rechargez la page avant de répondre.';

/** POST /api/recommendations/:id/business/answer: the giver confirms (`Je confirme`) or disputes. */
export const answerBusinessSchema = z
  .object({
    answer: z.enum(['confirm', 'dispute'], { error: 'Confirmez ou contestez le montant' }),
    reason: optionalText(L.disputeReason, 'La raison', { multiline: true }),
    /**
     * The amount the giver was shown, in cents (issue 33): the server answers 409
     * BUSINESS_AMOUNT_CHANGED when the receiver changed it meanwhile.
     */
    seenAmountCents: z.number({ error: seenMessage }).int({ error: seenMessage }).min(0, { error: seenMessage }),
  })
  .superRefine((v, ctx) => {
    if (v.answer === 'dispute' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Dites pourquoi vous contestez ce montant' });
    }
  });
export type AnswerBusinessInput = z.input<typeof answerBusinessSchema>;

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** A member as a recommendation shows them; null once their account was deleted (`Ancien membre`). */
export const recommendationPartySchema = z
  .object({ id: z.string(), name: z.string(), image: z.string().nullable(), trade: z.string().nullable() })
  .nullable();
export type RecommendationParty = z.infer<typeof recommendationPartySchema>;

export const recommendationSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(RECOMMENDATION_KINDS),
  status: z.enum(RECOMMENDATION_STATUSES),
  heat: z.number().int(),
  giver: recommendationPartySchema,
  receiver: recommendationPartySchema,
  /** The external contact's name (null for `Pour vous`, or once purged). */
  contactName: z.string().nullable(),
  need: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  businessStatus: z.enum(BUSINESS_STATUSES).nullable(),
  createdAt: isoDateTime(),
  statusChangedAt: isoDateTime(),
});
export type RecommendationSummary = z.infer<typeof recommendationSummarySchema>;

export const recommendationHistoryEntrySchema = z.object({
  id: z.string(),
  /** null on the first entry (the recommendation was given). */
  fromStatus: z.enum(RECOMMENDATION_STATUSES).nullable(),
  toStatus: z.enum(RECOMMENDATION_STATUSES).nullable(),
  /** 'status' | 'given' | 'business_declared' | 'business_confirmed' | 'business_disputed' | 'reminded'. */
  kind: z.string(),
  amountCents: z.number().int().nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type RecommendationHistoryEntry = z.infer<typeof recommendationHistoryEntrySchema>;

export const recommendationDetailSchema = recommendationSummarySchema.extend({
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactCompany: z.string().nullable(),
  consentAt: isoDateTime().nullable(),
  contactPurgedAt: isoDateTime().nullable(),
  message: z.string().nullable(),
  lostReason: z.string().nullable(),
  businessDeclaredAt: isoDateTime().nullable(),
  businessAnsweredAt: isoDateTime().nullable(),
  disputeReason: z.string().nullable(),
  /** What the viewer is to this recommendation. */
  viewerRole: z.enum(['giver', 'receiver', 'admin']),
  /** The statuses the viewer may move it to now (empty unless the viewer is the receiver). */
  nextStatuses: z.array(z.enum(RECOMMENDATION_STATUSES)),
  history: z.array(recommendationHistoryEntrySchema),
});
export type RecommendationDetail = z.infer<typeof recommendationDetailSchema>;

const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Le mois doit avoir la forme AAAA-MM' })
  .describe('Mois, AAAA-MM (Europe/Paris)');

/** GET /api/me/recommendations (and its CSV export). */
export const recommendationListQuerySchema = z.object({
  side: z.enum(['given', 'received']).default('received'),
  status: z.enum(RECOMMENDATION_STATUSES).optional(),
  month: monthSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(L.maxPageSize).default(L.pageSize),
});
export type RecommendationListQuery = z.input<typeof recommendationListQuerySchema>;

export const recommendationListSchema = z.object({
  items: z.array(recommendationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RecommendationList = z.infer<typeof recommendationListSchema>;

/**
 * One month of a group's or the network's recommendations: those given in it, and where they are
 * today (won + lost + noFollowUp + open = given), with their business (recommendationRateDefinitions).
 */
export const recommendationMonthSchema = z.object({
  month: z.string(),
  given: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  noFollowUp: z.number().int(),
  open: z.number().int(),
  declaredCents: z.number().int(),
  confirmedCents: z.number().int(),
});
export type RecommendationMonth = z.infer<typeof recommendationMonthSchema>;

/**
 * Figures over a period: the dashboard (a member's), a group's and the network's totals. For a
 * member, `won`, the amounts and the conversion are those of the recommendations they received
 * (their business), `givenConfirmedCents` the business they brought others; for a group or the
 * network both sides are the same recommendations.
 */
export const recommendationFiguresSchema = z.object({
  given: z.number().int(),
  received: z.number().int(),
  won: z.number().int(),
  /** Business declared by receivers, confirmed or not (cents, excluding VAT). */
  declaredCents: z.number().int(),
  /** Business the giver confirmed (cents, excluding VAT). */
  confirmedCents: z.number().int(),
  /** Confirmed business of the recommendations given (cents, excluding VAT). */
  givenConfirmedCents: z.number().int(),
  /** Won / closed (won, lost or without follow-up), in percent; null when none closed. */
  conversionPercent: z.number().nullable(),
});
export type RecommendationFigures = z.infer<typeof recommendationFiguresSchema>;

/** GET /api/groups/:groupId/recommendations/totals (leaders), /api/admin/recommendations/totals. */
export const recommendationTotalsSchema = z.object({
  /** The last 12 months, newest first (Europe/Paris months). */
  months: z.array(recommendationMonthSchema),
  total: recommendationFiguresSchema.extend({
    lost: z.number().int(),
    noFollowUp: z.number().int(),
    open: z.number().int(),
  }),
});
export type RecommendationTotals = z.infer<typeof recommendationTotalsSchema>;

export const recommendationTotalsQuerySchema = z.object({
  year: z.coerce.number().int().min(2020).max(2100).optional(),
});

// ---------------------------------------------------------------------------
// One-to-ones (Tête-à-tête)
// ---------------------------------------------------------------------------

/** POST /api/one-to-ones: a member logs that they met another (the logger confirms by logging). */
export const oneToOneFormSchema = z.object({
  partnerId: id,
  metOn: calendarDate().describe('Date de la rencontre (AAAA-MM-JJ)'),
  place: optionalText(L.oneToOnePlace, 'Le lieu'),
  notes: optionalText(L.oneToOneNotes, 'Les notes', { multiline: true }),
});
export type OneToOneFormInput = z.input<typeof oneToOneFormSchema>;

export const oneToOneIdParamsSchema = z.object({ oneToOneId: id });

/** POST /api/one-to-ones/:id/answer: the partner confirms (it counts) or declines; their own notes. */
export const oneToOneAnswerSchema = z.object({
  answer: z.enum(['confirm', 'decline'], { error: 'Confirmez ou refusez' }),
  notes: optionalText(L.oneToOneNotes, 'Les notes', { multiline: true }),
});
export type OneToOneAnswerInput = z.input<typeof oneToOneAnswerSchema>;

export const oneToOneSchema = z.object({
  id: z.string(),
  /** The other member, from the viewer's side. */
  partner: recommendationPartySchema,
  /** The viewer logged it (true) or was named in it (false). */
  loggedByMe: z.boolean(),
  metOn: z.string(),
  place: z.string().nullable(),
  /** The viewer's own notes (each side's notes are theirs alone). */
  myNotes: z.string().nullable(),
  status: z.enum(ONE_TO_ONE_STATUSES),
  createdAt: isoDateTime(),
});
export type OneToOne = z.infer<typeof oneToOneSchema>;
export const oneToOneListSchema = z.object({
  items: z.array(oneToOneSchema),
  /** Confirmed one-to-ones over the last 6 months. */
  confirmedLast6Months: z.number().int(),
});
export type OneToOneList = z.infer<typeof oneToOneListSchema>;

// ---------------------------------------------------------------------------
// Testimonials (Témoignages)
// ---------------------------------------------------------------------------

/** POST /api/testimonials: one per author and member; writing again replaces it (pending again). */
export const testimonialFormSchema = z.object({
  subjectId: id,
  body: multilineText(L.testimonialMin, L.testimonial, 'Le témoignage'),
});
export type TestimonialFormInput = z.input<typeof testimonialFormSchema>;

export const testimonialIdParamsSchema = z.object({ testimonialId: id });

export const testimonialAnswerSchema = z.object({
  answer: z.enum(['approve', 'decline'], { error: 'Publiez ou refusez le témoignage' }),
  /**
   * The `createdAt` of the text the member read (issue 33): its author may rewrite it, which
   * changes it; another one answers 409 TESTIMONIAL_CHANGED.
   */
  seenWrittenAt: isoDateTime({ error: 'Le témoignage affiché manque\u00a0: rechargez la page avant de répondre.' }),
});
export type TestimonialAnswerInput = z.input<typeof testimonialAnswerSchema>;

export const testimonialSchema = z.object({
  id: z.string(),
  author: recommendationPartySchema,
  subject: recommendationPartySchema,
  body: z.string(),
  status: z.enum(TESTIMONIAL_STATUSES),
  createdAt: isoDateTime(),
  decidedAt: isoDateTime().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const myTestimonialsSchema = z.object({
  received: z.array(testimonialSchema),
  written: z.array(testimonialSchema),
});
export type MyTestimonials = z.infer<typeof myTestimonialsSchema>;

/** On a member's public card and page: approved testimonials only, newest first. */
export const publicTestimonialSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorTrade: z.string().nullable(),
  body: z.string(),
  approvedAt: isoDateTime(),
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

/** How many testimonials the home page shows, and how long each quote may be there (issue 31). */
export const HOME_TESTIMONIALS_MAX = 3;
export const HOME_TESTIMONIAL_CHARS = 280;

/**
 * GET /api/testimonials/featured: approved testimonials for the home page (issue 31), the most
 * recently approved, one per member it is about, authors with a photo first. What the member's
 * public page shows already (its author's name and trade), with the author's photo.
 */
export const featuredTestimonialSchema = z.object({
  id: z.string(),
  /** The text, cut at a word near HOME_TESTIMONIAL_CHARS with `…` when longer. */
  body: z.string(),
  author: z.object({ name: z.string(), trade: z.string().nullable(), avatarUrl: z.string().nullable() }),
  member: z.object({ userId: z.string(), name: z.string(), trade: z.string().nullable() }),
});
export type FeaturedTestimonial = z.infer<typeof featuredTestimonialSchema>;
export const featuredTestimonialsSchema = z.object({ testimonials: z.array(featuredTestimonialSchema) });
export type FeaturedTestimonials = z.infer<typeof featuredTestimonialsSchema>;
