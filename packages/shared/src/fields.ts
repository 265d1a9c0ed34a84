import './zod-locale';
import { z } from 'zod';

/** Trimmed: people paste addresses with spaces around them. */
export const emailSchema = z
  .string({ error: 'Email invalide' })
  .trim()
  .max(255, { error: "L'email ne peut pas dépasser 255 caractères" })
  .pipe(z.email({ error: 'Email invalide' }));

export const passwordSchema = z
  .string({ error: 'Le mot de passe doit contenir au moins 8 caractères' })
  .min(8, { error: 'Le mot de passe doit contenir au moins 8 caractères' })
  .max(128, { error: 'Le mot de passe ne peut pas dépasser 128 caractères' })
  .regex(/[A-Z]/, { error: 'Le mot de passe doit contenir au moins une majuscule' })
  .regex(/[0-9]/, { error: 'Le mot de passe doit contenir au moins un chiffre' });
