import './zod-locale';
import { z } from 'zod';
import { email, fullName, multilineText } from './fields';

/** The /contact form: the browser's resolver and the API's body schema. */
export const contactSchema = z.object({
  name: fullName(),
  email: email(),
  message: multilineText(10, 1000, 'Le message'),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const contactResponseSchema = z.object({ ok: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const contactMessages = {
  success: 'Message envoyé avec succès\u202f! Vous recevrez une confirmation par email.',
  failure: 'Erreur lors de l’envoi du message. Veuillez réessayer.',
  sending: 'Envoi en cours…',
} as const;
