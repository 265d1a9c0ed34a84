import './zod-locale';
import { z } from 'zod';
import { apiErrors } from './errors';
import { boundedText, httpUrl, isWebUrl, nullableText, optionalText, withHttpsScheme } from './fields';

/** A partner site as the public /partners page and the admin list show it. */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  websiteUrl: z.string(),
  logoUrl: z.string().nullable(),
  category: z.string().nullable(),
  isFeatured: z.boolean(),
  displayOrder: z.number().int(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnersResponseSchema = z.object({ partners: z.array(partnerSchema) });
export type PartnersResponse = z.infer<typeof partnersResponseSchema>;

/** The /admin/partners page's messages (spec sections 5 and 8). */
export const partnerMessages = {
  nameRequired: 'Le nom du partenaire est requis',
  urlRequired: 'L’adresse du site est requise',
  urlInvalid: 'Adresse du site invalide',
  importUrlRequired: 'Veuillez entrer une URL.',
  loadFailed: 'Impossible de charger les partenaires',
  created: 'Partenaire ajouté avec succès',
  createFailed: 'Erreur lors de l’ajout du partenaire',
  updated: 'Partenaire modifié avec succès',
  updateFailed: 'Erreur lors de la modification du partenaire',
  deleted: 'Partenaire supprimé avec succès',
  deleteFailed: 'Erreur lors de la suppression du partenaire',
  imported: 'Informations du site importées',
  importFailed: 'Erreur lors de l’import des informations du site',
  notFound: 'Partenaire introuvable',
  logoFailed: apiErrors.LOGO_IMPORT_FAILED.message,
} as const;

/** A partner's site: required, trimmed, https:// added when missing, http(s) only (as profile links). */
export const partnerUrlSchema = httpUrl({
  required: partnerMessages.urlRequired,
  tooLong: 'L’adresse ne peut pas dépasser 500 caractères',
  invalid: partnerMessages.urlInvalid,
});

/**
 * The logo: null, the URL of a logo already stored by us, or an http(s) address of an image on
 * the partner's site that the server downloads, checks and stores (never shown from elsewhere).
 */
export const partnerLogoSchema = z
  .string()
  .trim()
  .max(2000, { error: 'L’adresse du logo est trop longue' })
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || v.startsWith('/') || isWebUrl(v), { error: 'Adresse du logo invalide' })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const partnerInputSchema = z.object({
  name: boundedText(1, 100, 'Le nom', { required: partnerMessages.nameRequired }),
  websiteUrl: partnerUrlSchema,
  description: optionalText(1000, 'La description', { multiline: true }),
  category: optionalText(60, 'La catégorie'),
  logoUrl: partnerLogoSchema,
  isFeatured: z.boolean().optional().default(false),
  displayOrder: z.coerce
    .number({ error: 'L’ordre doit être un nombre entier' })
    .int({ error: 'L’ordre doit être un nombre entier' })
    .min(-10_000)
    .max(10_000)
    .optional()
    .default(0),
});
export type PartnerFormInput = z.input<typeof partnerInputSchema>;
export type PartnerInput = z.output<typeof partnerInputSchema>;

/** PUT /api/admin/partners/:id: any of the fields (the featured toggle sends one). */
export const partnerUpdateSchema = z.object({
  name: partnerInputSchema.shape.name.optional(),
  websiteUrl: partnerUrlSchema.optional(),
  // Left out: unchanged; empty or null: cleared.
  description: nullableText(1000, 'La description', { multiline: true }).optional(),
  category: nullableText(60, 'La catégorie').optional(),
  logoUrl: partnerLogoSchema.optional(),
  isFeatured: z.boolean().optional(),
  displayOrder: z.coerce
    .number()
    .int({ error: 'L’ordre doit être un nombre entier' })
    .min(-10_000)
    .max(10_000)
    .optional(),
});
export type PartnerUpdate = z.output<typeof partnerUpdateSchema>;
export type PartnerUpdateInput = z.input<typeof partnerUpdateSchema>;

export const partnerParamsSchema = z.object({ id: z.uuid({ error: partnerMessages.notFound }) });

/** fetch-site-info: {url} -> title, description, ogImage, favicon. */
export const siteInfoRequestSchema = z.object({
  url: z
    .string({ error: partnerMessages.importUrlRequired })
    .trim()
    .min(1, { error: partnerMessages.importUrlRequired })
    .max(2000, { error: 'L’adresse est trop longue' })
    .transform(withHttpsScheme),
});
export type SiteInfoRequest = z.input<typeof siteInfoRequestSchema>;

export const siteInfoSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  ogImage: z.string().nullable(),
  favicon: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/**
 * The logo to import from a site's info: a large icon (apple-touch-icon, PNG) reads best in a
 * small square; an .ico or .svg cannot be stored (not an accepted image), so og:image then.
 */
export function pickImportedLogo(info: SiteInfo): string | null {
  const storable = (url: string | null) => url !== null && !/\.(ico|svg)(\?|#|$)/i.test(url);
  if (storable(info.favicon)) return info.favicon;
  if (storable(info.ogImage)) return info.ogImage;
  return null;
}
