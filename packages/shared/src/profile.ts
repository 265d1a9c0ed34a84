import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { apiErrors } from './errors';
import { fieldMessages, fullName, isSingleLineText, nullableHttpUrl, nullableText } from './fields';
import { formatNumber } from './format';
import { GROUP_TEXT_LIMITS, TITLE_FORMS } from './group-constants';
import { tradeSchema } from './groups';

/**
 * Profile links (spec section 5): https:// is added when no scheme is typed, an empty field is
 * stored as null. Anything but an http(s) address is refused, so a stored link can never run
 * script (javascript:).
 */
export const profileLinkSchema = nullableHttpUrl({
  tooLong: 'Le lien ne peut pas dépasser 500 caractères',
  invalid: 'Lien invalide',
});

/** Chips: trimmed, no blanks, no duplicates (case-insensitive), in the order typed. */
export const chipListSchema = (maxItems: number, maxLength: number, label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(maxLength, { error: `Chaque ${label} ne peut pas dépasser ${maxLength} caractères` })
        .refine(isSingleLineText, { error: fieldMessages.forbiddenCharacters }),
    )
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLocaleLowerCase('fr');
        if (item === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .refine((items) => items.length <= maxItems, { error: `Maximum ${maxItems} éléments` });

export const SKILLS_MAX = 30;
export const LOOKING_FOR_MAX = 10;
export const BIO_PREVIEW_LENGTH = 100;

/** The /profile form: the browser's resolver and the body of PUT /api/me/profile. */
export const profileUpdateSchema = z.object({
  fullName: fullName(),
  companyName: nullableText(100, 'Le nom de l’entreprise'),
  phone: z
    .string()
    .trim()
    .max(30, { error: 'Le numéro de téléphone ne peut pas dépasser 30 caractères' })
    .refine((v) => v === '' || /^[+0-9 ().-]{6,30}$/.test(v), { error: 'Numéro de téléphone invalide' })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  bio: nullableText(2000, 'La présentation', { multiline: true }),
  /**
   * The member's trade, from the catalogue (network-core §1): a trade's id, or null for none. A
   * missing key leaves it unchanged (clients older than the catalogue). Unknown → 404
   * TRADE_NOT_FOUND; changing it while holding a seat → 409 TRADE_LOCKED_BY_SEAT.
   */
  tradeId: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .pipe(z.uuid({ error: 'Choisissez un métier du catalogue' }).nullable().optional()),
  /** The free "spécialité" beside the trade (`Notaire, spécialité droit rural`); missing = unchanged. */
  specialty: nullableText(GROUP_TEXT_LIMITS.specialty, 'La spécialité').optional(),
  /**
   * Legacy free text, no longer in the /profile form: with a trade chosen the database writes the
   * trade's label here (trigger profiles_0_trade_label) and this value is ignored; without a
   * trade, an older client's value is stored. Missing = unchanged (or cleared when the member
   * drops their trade, so a former trade's label never lingers).
   */
  profession: nullableText(100, 'Le métier').optional(),
  industry: nullableText(100, 'Le secteur d’activité'),
  city: nullableText(100, 'La ville'),
  sponsorName: nullableText(100, 'Le nom du parrain'),
  websiteUrl: profileLinkSchema,
  linkedinUrl: profileLinkSchema,
  twitterUrl: profileLinkSchema,
  githubUrl: profileLinkSchema,
  facebookUrl: profileLinkSchema,
  skills: chipListSchema(SKILLS_MAX, 50, 'compétence'),
  lookingFor: chipListSchema(LOOKING_FOR_MAX, 100, 'recherche'),
  /**
   * How the member's titles agree (issue 31): `Présidente`, `Consultante` for 'feminine'. A
   * missing key leaves it unchanged (clients older than the choice).
   */
  titleForm: z.enum(TITLE_FORMS, { error: 'Choisissez l’accord de vos titres' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  userId: z.string(),
  fullName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  sponsorName: z.string().nullable(),
  /** The trade's label when a trade is chosen (kept by the database), else legacy free text. */
  profession: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  skills: z.array(z.string()),
  lookingFor: z.array(z.string()),
  tradeId: z.string().nullable(),
  specialty: z.string().nullable(),
  /** The chosen trade of the catalogue (network-core §1), or null. */
  trade: tradeSchema.nullable(),
  /** Set by the profession migration when no trade matched: ask the member to pick theirs. */
  mustPickTrade: z.boolean(),
  /** How the member's leader title and trade label agree on the network's pages (issue 31). */
  titleForm: z.enum(TITLE_FORMS),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/me: the signed-in member (get_my_profile + is_admin). */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  profile: profileSchema,
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/profiles/:userId/public (get_public_profile). */
export const publicProfileSchema = z.object({ fullName: z.string().nullable(), companyName: z.string().nullable() });

/** DELETE /api/me: the member types their email to confirm. */
export const deleteAccountSchema = z.object({ confirmEmail: z.string().trim().toLowerCase() });

export const profileMessages = {
  updated: 'Profil mis à jour avec succès',
  updateFailed: 'Erreur lors de la mise à jour du profil',
  uploading: 'Téléchargement en cours…',
  imageUploaded: 'Image téléchargée avec succès',
  imageFailed: 'Impossible de télécharger l’image',
  notAnImage: apiErrors.NOT_AN_IMAGE.message,
  tooLarge: apiErrors.IMAGE_TOO_LARGE.message,
  deleteConfirmMismatch: apiErrors.DELETE_CONFIRM_MISMATCH.message,
  accountDeleted: 'Votre compte a été supprimé.',
  imageDimensionsTooLarge: apiErrors.IMAGE_DIMENSIONS_TOO_LARGE.message,
  noFile: apiErrors.NO_FILE.message,
  multipartRequired: 'Envoyez l’image dans un formulaire (multipart/form-data, champ «\u00a0file\u00a0»).',
  unreadableForm: 'Le formulaire envoyé est illisible.',
  imageRemoved: 'Image supprimée',
  /** The /profile radio group (issue 31): how the member's titles agree. */
  titleFormLegend: 'Accord de vos titres',
  titleFormHint: 'Votre titre de responsable de groupe et le libellé de votre métier, tels que les membres les lisent.',
  notFound: 'Profil introuvable',
  fileNotFound: 'Fichier introuvable',
} as const;

/** The size-limit message for the configured UPLOAD_MAX_BYTES ("5 Mo" with the default). */
export function imageTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${formatNumber(mb, { maxFractionDigits: 1 })} Mo` : `${Math.floor(maxBytes / 1024)} Ko`;
  return `L’image est trop volumineuse (${limit} maximum).`;
}

/** POST /api/me/avatar and /api/me/logo (multipart, field `file`): the stored image's public URL. */
export const imageUploadResponseSchema = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

export type PublicProfile = z.infer<typeof publicProfileSchema>;

const isoDate = isoDateTime();
const exportRows = z.array(z.record(z.string(), z.unknown()));

/**
 * GET /api/me/export: everything the member's account holds (RGPD), as a JSON download.
 * Never a password hash, a session token or a two-factor secret.
 */
export const dataExportSchema = z.object({
  exportedAt: isoDate,
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
    /** How the member signs in ("credential" is email and password), without any secret. */
    signInMethods: z.array(z.object({ providerId: z.string(), createdAt: isoDate })),
    passkeys: z.array(z.object({ name: z.string().nullable(), deviceType: z.string(), createdAt: isoDate.nullable() })),
  }),
  profile: profileSchema.omit({ trade: true }).extend({ createdAt: isoDate, updatedAt: isoDate }).nullable(),
  roles: z.array(z.string()),
  /** The personal calendar feed's address (a key to the agenda) and its last renewal (issue 33). */
  calendarLink: z.object({ url: z.string(), renewedAt: isoDate.nullable() }),
  sessions: z.array(
    z.object({
      createdAt: isoDate,
      updatedAt: isoDate,
      expiresAt: isoDate,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  services: exportRows,
  projects: exportRows,
  jobPositions: exportRows,
  applications: exportRows,
  events: exportRows,
  eventRegistrations: exportRows,
  ratingsGiven: exportRows,
  ratingsReceived: exportRows,
  contacts: exportRows,
  /** The collaborative projects shared with another member (accepted contact requests). */
  sharedProjects: exportRows,
  /** The network core (network-core §2, §3, §8): seats held and left, applications, waiting lists. */
  groupMemberships: exportRows,
  groupApplications: exportRows,
  waitingLists: exportRows,
  /** Recommendations given and received, each with its history. */
  recommendations: exportRows,
  recommendationHistory: exportRows,
  /** One-to-ones with the member's own notes only (the other side's notes are theirs). */
  oneToOnes: exportRows,
  testimonialsWritten: exportRows,
  sepaMandates: exportRows,
  failedDebits: exportRows,
  testimonialsReceived: exportRows,
  notifications: exportRows,
  notificationSettings: exportRows,
  /** Web Push devices: their names and dates (not their endpoints and keys, which are the browser's secrets). */
  pushDevices: exportRows,
  /**
   * The files the member uploaded (photo, company logo, service and project images): the column
   * that shows each one ('profiles.avatar_url') and its address, to download them.
   */
  files: z.array(z.object({ column: z.string(), url: z.string() })),
});
export type DataExport = z.infer<typeof dataExportSchema>;
