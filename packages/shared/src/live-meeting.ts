import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { LIVE_PHASES } from './live-meeting-constants';
import { HEAT_MAX, HEAT_MIN } from './recommendation-constants';

// The weekly meeting run live (issue 30, docs/product/live-meeting.md): its phases in order, the
// state every screen draws, and the forms of the leaders and members.

export * from './live-meeting-constants';

const person = z.object({ id: z.string(), name: z.string() });

export const liveRoundMemberSchema = person.extend({
  trade: z.string().nullable(),
  checkedInAt: isoDateTime().nullable(),
  /** Checked in after the meeting's start: `En retard`. */
  late: z.boolean(),
});

export const liveThanksSchema = z.object({
  recommendationId: z.uuid(),
  receiver: z.string(),
  giver: z.string(),
  /** Cents excluding VAT, only when the receiver agreed the amount is announced. */
  amountCents: z.number().int().nullable(),
});

export const liveRecommendationSchema = z.object({
  id: z.uuid(),
  giver: z.string(),
  receiver: z.string(),
  need: z.string().nullable(),
  createdAt: isoDateTime(),
});

/**
 * What every screen of the meeting draws, the same for all of them: the stream's `state` events
 * carry it whole (a phone that missed ten events needs only the last one), so nothing here
 * depends on who reads it and nothing here is a contact detail (names, trades, companies only).
 */
export const liveStateSchema = z.object({
  meetingId: z.uuid(),
  groupId: z.uuid(),
  groupName: z.string(),
  place: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  /** False before `Lancer la réunion`. */
  live: z.boolean(),
  phase: z.enum(LIVE_PHASES),
  phaseLabel: z.string(),
  phaseStartedAt: isoDateTime(),
  /** The timed phases' length (the round's speaker, the week's presentation); null otherwise. */
  phaseSeconds: z.number().int().nullable(),
  /** Bumped by every change; `Suivant` sends the one it saw. */
  version: z.number().int(),
  /** The round's speaker: an index in `round` (the round phase only). */
  speakerIndex: z.number().int(),
  speaker: person.nullable(),
  /** The members checked in (present, late, remote), in check-in order: the round's order. */
  round: z.array(liveRoundMemberSchema),
  presenter: person.nullable(),
  visitors: z.array(
    z.object({
      name: z.string(),
      company: z.string().nullable(),
      trade: z.string().nullable(),
      invitedBy: z.string().nullable(),
    }),
  ),
  thanks: z.array(liveThanksSchema),
  showRecommendations: z.boolean(),
  /** Logged during this meeting. */
  recommendationCount: z.number().int(),
  /** The recommendations logged during this meeting, once the leaders show them; else empty. */
  recommendations: z.array(liveRecommendationSchema),
  endedAt: isoDateTime().nullable(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** GET …/live: the state, and what the caller may do with it. */
export const liveViewSchema = z.object({
  state: liveStateSchema,
  /** The caller leads the group (launches and moves the meeting). */
  viewerLeads: z.boolean(),
  /** `Lancer la réunion` is open now (30 minutes before the start to the end), for a leader. */
  canLaunch: z.boolean(),
});
export type LiveView = z.infer<typeof liveViewSchema>;

export const liveNextSchema = z.object({
  version: z.number({ error: 'Indiquez la version de la réunion' }).int().min(1),
});
export type LiveNextInput = z.infer<typeof liveNextSchema>;

export const liveShowRecommendationsSchema = z.object({ show: z.boolean() });

/** `J’ai une recommandation pour…`: three fields, a recommendation `for_you` given in the round. */
export const liveRecommendationFormSchema = z.object({
  receiverId: z.string().min(1, { error: 'Choisissez le membre' }).describe('Le membre recommandé'),
  need: z
    .string()
    .trim()
    .min(2, { error: 'Décrivez le besoin' })
    .max(2000, { error: 'Le besoin fait au plus 2000 caractères' }),
  heat: z.coerce
    .number({ error: 'Indiquez la chaleur, de 1 à 5' })
    .int({ error: 'Indiquez la chaleur, de 1 à 5' })
    .min(HEAT_MIN, { error: 'Indiquez la chaleur, de 1 à 5' })
    .max(HEAT_MAX, { error: 'Indiquez la chaleur, de 1 à 5' }),
});
export type LiveRecommendationForm = z.output<typeof liveRecommendationFormSchema>;
export type LiveRecommendationFormInput = z.input<typeof liveRecommendationFormSchema>;

export const liveRecommendationCreatedSchema = z.object({ id: z.uuid() });
