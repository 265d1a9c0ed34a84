import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { email, fullName, optionalText } from './fields';
import { groupSummarySchema } from './groups';
import { GUEST_LIMITS } from './guests';
import { optionalPhone } from './recommendations';

// Visitors who register themselves (issue 30): the public page /groupes/{slug}/visiter, without an
// account. The fields are the guests' (guests.ts), the honeypot `site` must stay empty.

/** The honeypot field: hidden from people and screen readers, filled only by robots. */
export const VISIT_HONEYPOT_FIELD = 'site';
/** The visits of one person (email) to one group after which they are asked to apply. */
export const VISITS_BEFORE_APPLYING = 2;

export const visitMessages = {
  pageTitle: (groupName: string) => `Visiter le groupe ${groupName}`,
  intro:
    'Venez découvrir une réunion du groupe, sans engagement et sans créer de compte. Nous vous écrivons uniquement au sujet de cette visite.',
  nextMeeting: 'Prochaine réunion',
  noMeeting: 'Aucune réunion n’est prévue pour le moment dans ce groupe.',
  visio: 'Lien de visio',
  consent:
    'J’accepte que mes coordonnées soient utilisées pour cette visite (rappel, suivi) et conservées 12\u00a0mois après ma dernière visite.',
  consentRequired: 'Cochez la case d’accord\u00a0: sans elle, nous ne pouvons pas vous inscrire.',
  tradeRequired: 'Choisissez votre métier dans la liste',
  honeypot: 'Ne remplissez pas ce champ',
  submit: 'Je m’inscris à la réunion',
  registered: 'Vous êtes inscrit à la réunion. À bientôt\u202f!',
  alreadyRegistered: 'Vous étiez déjà inscrit à cette réunion\u00a0: vos coordonnées sont à jour.',
  seatFree: (trade: string) => `Bonne nouvelle\u00a0: le siège «\u00a0${trade}\u00a0» est libre dans ce groupe.`,
  seatHeld: (trade: string) => `Le siège «\u00a0${trade}\u00a0» est déjà pris dans ce groupe.`,
  seatElsewhere: 'Il est libre dans ces groupes proches\u00a0:',
  seatNowhere: 'Il n’est libre dans aucun groupe proche pour le moment.',
  ics: 'Ajouter à mon agenda (.ics)',
  apply: 'Vous êtes venu plusieurs fois\u00a0: rejoignez le groupe en déposant votre candidature.',
  applyLink: 'Déposer ma candidature',
  invitedBy: (name: string) => `Invité par ${name}`,
  refused: 'Votre inscription n’a pas pu être enregistrée.',
  tooManyForAddress: 'Trop d’inscriptions depuis cette adresse\u00a0: réessayez dans quelques minutes.',
  tooManyForMeeting: 'Trop d’inscriptions à cette réunion pour le moment\u00a0: réessayez dans une heure.',
  unsubscribed: 'C’est noté\u00a0: vous ne recevrez plus nos emails de suivi de visite.',
  unsubscribeTitle: 'Ne plus recevoir les emails de suivi de visite',
  unsubscribeConfirm: 'Me désabonner',
  followUpSetting:
    'Après une visite, envoyer «\u00a0Merci de votre visite\u00a0» le lendemain et une invitation à candidater une semaine après',
  followUpSaved: 'Réglage enregistré',
  qrTitle: 'Inviter un visiteur',
  qrHint: 'Montrez ce QR code à votre visiteur\u00a0: il s’inscrit lui-même à la prochaine réunion.',
} as const;

const tradeId = () =>
  z
    .union([z.literal(''), z.null(), z.undefined(), z.uuid({ error: visitMessages.tradeRequired })])
    .transform((v) => v || null)
    .refine((v) => v !== null, { error: visitMessages.tradeRequired });

/** POST /api/groups/:slug/visits and the page's form (one schema for both). */
export const visitFormSchema = z
  .object({
    name: fullName(),
    email: email().transform((v) => v.toLowerCase()),
    phone: optionalPhone(),
    tradeId: tradeId(),
    company: optionalText(GUEST_LIMITS.company, 'L’entreprise'),
    /** A checkbox posted without scripts is `on`. */
    consent: z
      .union([z.boolean(), z.literal('on'), z.literal('true')])
      .optional()
      .transform((v) => v === true || v === 'on' || v === 'true'),
    meetingId: z
      .union([z.literal(''), z.undefined(), z.uuid()])
      .transform((v) => v || undefined)
      .optional(),
    [VISIT_HONEYPOT_FIELD]: z.string().max(500).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: visitMessages.consentRequired });
  });
export type VisitFormInput = z.input<typeof visitFormSchema>;
export type VisitForm = z.output<typeof visitFormSchema>;

/** `?invite=`: the inviting member's id or a signed invite token. */
export const visitQuerySchema = z.object({ invite: z.string().trim().max(2000).optional() });

export const visitMeetingSchema = z.object({
  id: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  place: z.string(),
  visioUrl: z.string().nullable(),
});
export type VisitMeeting = z.infer<typeof visitMeetingSchema>;

/** GET /api/groups/:slug/visit: what the page shows before the form. */
export const visitPageSchema = z.object({
  group: z.object({ name: z.string(), slug: z.string(), city: z.string() }),
  meeting: visitMeetingSchema.nullable(),
  inviterName: z.string().nullable(),
  /** The page's address (with `?invite=` when given) and its QR code (SVG, as the check-in's). */
  url: z.string(),
  qrSvg: z.string(),
});
export type VisitPage = z.infer<typeof visitPageSchema>;

export const visitResultSchema = z.object({
  group: z.object({ name: z.string(), slug: z.string() }),
  meeting: visitMeetingSchema,
  /** The meeting's `.ics` (the guest's signed link). */
  icsUrl: z.string(),
  /** This registration was already there (same email, same meeting): updated, not added. */
  alreadyRegistered: z.boolean(),
  seat: z.object({
    tradeLabel: z.string(),
    free: z.boolean(),
    /** Where it is free when it is not here (same département first, then region). */
    nearestGroups: z.array(groupSummarySchema),
  }),
  /** Meetings of this group this person registered to, this one included. */
  visits: z.number().int(),
  /** The two-visit rule: a third visit asks them to apply. */
  apply: z.boolean(),
  applyUrl: z.string(),
  inviterName: z.string().nullable(),
});
export type VisitResult = z.infer<typeof visitResultSchema>;

export const visitUnsubscribeSchema = z.object({ jeton: z.string().trim().min(1).max(2000) });

/** PUT /api/groups/:groupId/visitor-follow-up: the group's setting for the two follow-up mails. */
export const visitorFollowUpSchema = z.object({ enabled: z.boolean() });
export type VisitorFollowUp = z.infer<typeof visitorFollowUpSchema>;

/** The leaders' `Visiteurs` tab: visitors by meeting and each member's conversion rate. */
export const groupVisitorsSchema = z.object({
  /** The group's setting: `Merci de votre visite` and the invitation to apply are sent. */
  followUp: z.boolean(),
  meetings: z.array(
    z.object({
      id: z.string(),
      startsAt: isoDateTime(),
      visitors: z.array(
        z.object({
          id: z.string(),
          name: z.string().nullable(),
          company: z.string().nullable(),
          tradeLabel: z.string().nullable(),
          inviterName: z.string().nullable(),
          selfRegistered: z.boolean(),
          status: z.string(),
        }),
      ),
    }),
  ),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      invited: z.number().int(),
      becameMembers: z.number().int(),
      /** becameMembers / invited, 0..1; null when they invited nobody. */
      rate: z.number().nullable(),
    }),
  ),
});
export type GroupVisitors = z.infer<typeof groupVisitorsSchema>;
