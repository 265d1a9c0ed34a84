import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { boundedText, fieldMessages, isSingleLineText, multilineText } from './fields';
import { profileLinkSchema } from './profile';
import { SERVICE_FEATURES_MAX } from './services-messages';

export * from './services-messages';

/**
 * The service dialog (create and edit): the browser's resolver and the body of POST /api/services
 * and PUT /api/services/:id. The icon is not a field: the server always stores 'Code'.
 */
export const serviceInputSchema = z.object({
  title: boundedText(1, 100, 'Le titre', { required: 'Le titre est requis.' }),
  description: multilineText(1, 2000, 'La description', { required: 'La description est requise.' }),
  // Spec section 5 (links): https:// added when missing, empty stored as null.
  websiteUrl: profileLinkSchema.optional().transform((v) => v ?? null),
  /**
   * Three inputs in the dialog (spec sections 5 and 9): more than three is refused; each is
   * trimmed and those left blank are dropped, so the stored list holds 0 to 3 non-empty strings.
   */
  features: z
    .array(
      z
        .string({ error: 'Caractéristique invalide' })
        .trim()
        .max(100, { error: 'Chaque caractéristique ne peut pas dépasser 100 caractères' })
        .refine(isSingleLineText, { error: fieldMessages.forbiddenCharacters }),
      { error: 'Caractéristiques invalides' },
    )
    .max(SERVICE_FEATURES_MAX, { error: `Maximum ${SERVICE_FEATURES_MAX} caractéristiques` })
    .default([])
    .transform((items) => items.filter((item) => item !== '')),
  /**
   * The URL POST /api/uploads/service-images answered, or empty/null for no image. The server
   * accepts only an image of the member's own uploads.
   */
  imageUrl: z
    .string({ error: 'Image invalide' })
    .trim()
    .max(1000, { error: 'Image invalide' })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ServiceFormInput = z.input<typeof serviceInputSchema>;
export type ServiceInput = z.output<typeof serviceInputSchema>;

/** A member's service as GET /api/services lists it, with its owner's name for the card. */
export const serviceSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  imageUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  features: z.array(z.string()),
  createdAt: isoDateTime(),
  /** The profile's full name, else the account's name. */
  ownerName: z.string(),
  ownerCompany: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
