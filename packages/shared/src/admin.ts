import './zod-locale';
import { z } from 'zod';
import { apiErrorMessages } from './constants';
import { emailSchema } from './fields';

export const adminMessages = {
  forbidden: apiErrorMessages.FORBIDDEN,
  emailRequired: 'Veuillez entrer un email',
  userNotFound: 'Utilisateur non trouvé',
  alreadyAdmin: 'Cet utilisateur est déjà admin',
} as const;

/** Promotion to admin is by email (unique), as decisions.md says. */
export const adminPromoteSchema = z.object({
  email: z
    .string({ error: adminMessages.emailRequired })
    .trim()
    .min(1, { error: adminMessages.emailRequired })
    .pipe(emailSchema),
});
export type AdminPromoteInput = z.input<typeof adminPromoteSchema>;
