import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { email, fullName, optionalText } from './fields';
import { groupSummarySchema } from './groups';
import { GUEST_STATUSES, type GuestStatus, meetingMessages } from './meeting-constants';
import { optionalPhone } from './recommendations';

// Guests (visiteurs, network-core §5): the invitation form, the pipeline, the guest's public page.

export const guestMessages = {
  followLive: 'Suivre la réunion en direct',
  consentRequired: `Cochez «\u00a0${meetingMessages.guestConsent}\u00a0»\u00a0: sans son accord, nous ne lui écrivons pas.`,
  meetingRequired: 'Choisissez la réunion',
  statusRequired: 'Choisissez le nouveau statut',
  tradeHeld: 'Le métier de ce visiteur est déjà représenté dans ce groupe.',
  tradeHeldHint:
    'Il peut rejoindre la liste d’attente du groupe une fois membre du réseau, ou un autre groupe où ce siège est libre\u00a0:',
  invited: 'Invitation envoyée',
  confirmTitle: 'Votre invitation',
  confirm: 'Je confirme ma venue',
  confirmed: 'Votre venue est confirmée. À bientôt\u202f!',
  noGuests: 'Vous n’avez encore invité personne.',
  noMeetings: 'Aucune réunion à venir dans votre groupe pour le moment.',
  searchGroup: 'Chercher un groupe (ville ou nom)',
  searchHint: 'Vous pouvez inviter à la réunion de n’importe quel groupe du réseau.',
  chooseGroup: 'Groupe',
  otherGroup: 'Inviter à la réunion d’un autre groupe',
  searching: 'Recherche en cours…',
  noGroupFound: 'Aucun groupe trouvé avec une réunion à venir.',
  linkInvalid: 'Ce lien d’invitation n’est pas valide.',
} as const;

export const GUEST_LIMITS = { name: 100, company: 150 } as const;

/** POST /api/meetings/:meetingId/guests and the `Inviter un visiteur` dialog (one schema for both). */
export const guestFormSchema = z
  .object({
    name: fullName(),
    email: email().transform((v) => v.toLowerCase()),
    phone: optionalPhone(),
    tradeId: z
      .union([z.literal(''), z.null(), z.uuid({ error: 'Choisissez un métier de la liste' })])
      .optional()
      .transform((v) => v || null),
    company: optionalText(GUEST_LIMITS.company, 'L’entreprise'),
    consent: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: guestMessages.consentRequired });
  });
export type GuestFormInput = z.input<typeof guestFormSchema>;
export type GuestForm = z.output<typeof guestFormSchema>;

export const meetingIdParamsSchema = z.object({ meetingId: z.string().trim().min(1).max(100) });
export const guestIdParamsSchema = z.object({ guestId: z.string().trim().min(1).max(100) });

export const guestStatusSchema = z.enum(GUEST_STATUSES, { error: guestMessages.statusRequired });
export const moveGuestSchema = z.object({ status: guestStatusSchema });
export type MoveGuestInput = z.infer<typeof moveGuestSchema>;

/**
 * The pipeline goes forward: any later step, `Membre` and `Pas intéressé` are final (`Pas
 * intéressé` may be chosen from any step before them).
 */
export function nextGuestStatuses(status: GuestStatus): GuestStatus[] {
  if (status === 'member' || status === 'not_interested') return [];
  const at = GUEST_STATUSES.indexOf(status);
  return GUEST_STATUSES.filter((_, i) => i > at);
}

export const guestMeetingSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  groupSlug: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  place: z.string(),
  cancelled: z.boolean(),
});
export type GuestMeeting = z.infer<typeof guestMeetingSchema>;

/** The guest's trade is held in the meeting's group: the groups where that seat is free. */
export const guestTradeNoticeSchema = z.object({
  tradeLabel: z.string(),
  nearestGroups: z.array(groupSummarySchema),
});
export type GuestTradeNotice = z.infer<typeof guestTradeNoticeSchema>;

export const guestSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  tradeLabel: z.string().nullable(),
  status: guestStatusSchema,
  nextStatuses: z.array(guestStatusSchema),
  inviterName: z.string().nullable(),
  meeting: guestMeetingSchema,
  confirmedAt: isoDateTime().nullable(),
  checkedInAt: isoDateTime().nullable(),
  purgedAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
});
export type GuestSummary = z.infer<typeof guestSummarySchema>;

export const guestListSchema = z.object({ items: z.array(guestSummarySchema) });
export type GuestList = z.infer<typeof guestListSchema>;

export const invitedGuestSchema = z.object({
  guest: guestSummarySchema,
  tradeNotice: guestTradeNoticeSchema.nullable(),
});
export type InvitedGuest = z.infer<typeof invitedGuestSchema>;

/** The meetings a member may invite to from /visiteurs: their group's next ones. */
export const invitableMeetingsSchema = z.object({ items: z.array(guestMeetingSchema) });
export type InvitableMeetings = z.infer<typeof invitableMeetingsSchema>;

/**
 * National access (network-core §5): GET /api/invitable-meetings?q=…, any group's next meetings,
 * the groups found by name or city (a subscriber without a home group invites too).
 */
export const invitableSearchQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'La recherche fait au plus 100 caractères' }).optional().default(''),
});
export type InvitableSearchQuery = z.output<typeof invitableSearchQuerySchema>;

// The guest's public page (/invitation?jeton=…), without an account.
export const invitationTokenSchema = z.object({ jeton: z.string().trim().min(1).max(2000) });
export const invitationSchema = z.object({
  guestName: z.string(),
  inviterName: z.string().nullable(),
  status: guestStatusSchema,
  meeting: guestMeetingSchema,
  tradeNotice: guestTradeNoticeSchema.nullable(),
  icsUrl: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const guestCheckinSchema = z.object({
  guestToken: z.string().trim().min(1).max(2000),
  checkinToken: z.string().trim().min(1).max(2000),
});
export const guestCheckinResultSchema = z.object({ status: guestStatusSchema, checkedInAt: isoDateTime() });
