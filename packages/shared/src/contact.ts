import './zod-locale';
import { z } from 'zod';
import { emailSchema } from './fields';

/** The /contact form: the browser's resolver and the API's body schema. */
export const contactSchema = z.object({
  name: z
    .string({ error: 'Le nom doit contenir au moins 2 caractères' })
    .trim()
    .min(2, { error: 'Le nom doit contenir au moins 2 caractères' })
    .max(100, { error: 'Le nom ne peut pas dépasser 100 caractères' }),
  email: emailSchema,
  message: z
    .string({ error: 'Le message doit contenir au moins 10 caractères' })
    .trim()
    .min(10, { error: 'Le message doit contenir au moins 10 caractères' })
    .max(1000, { error: 'Le message ne peut pas dépasser 1000 caractères' }),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const contactResponseSchema = z.object({ ok: z.literal(true), id: z.string() });

export const contactMessages = {
  success: 'Message envoyé avec succès! Vous recevrez une confirmation par email.',
  failure: "Erreur lors de l'envoi du message. Veuillez réessayer.",
  sending: 'Envoi en cours...',
} as const;
