import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { apiErrors } from './errors';
import { emailSchema } from './fields';
import { profileUpdateSchema } from './profile';

export const adminMessages = {
  forbidden: apiErrors.FORBIDDEN.message,
  emailRequired: 'Veuillez entrer un email',
  userNotFound: apiErrors.USER_NOT_FOUND.message,
  alreadyAdmin: apiErrors.ALREADY_ADMIN.message,
} as const;

/** Promotion to admin is by email (unique), as docs/product/decisions.md says. */
export const adminPromoteSchema = z.object({
  email: z
    .string({ error: adminMessages.emailRequired })
    .trim()
    .min(1, { error: adminMessages.emailRequired })
    .pipe(emailSchema),
});
export type AdminPromoteInput = z.input<typeof adminPromoteSchema>;

/** The /admin/members page's toasts and refusals (French, spec sections 5 and 8). */
export const adminMemberMessages = {
  promoted: 'Administrateur ajouté avec succès',
  promoteFailed: 'Erreur lors de l’ajout de l’administrateur',
  loadFailed: 'Erreur lors du chargement des membres',
  updated: 'Membre modifié avec succès',
  updateFailed: 'Erreur lors de la modification du membre',
  deleted: 'Membre supprimé avec succès',
  deleteFailed: 'Erreur lors de la suppression du membre',
  cannotDeleteSelf: apiErrors.CANNOT_DELETE_SELF.message,
  renewed: 'Période encaissée (démonstration)',
  renewFailed: 'Erreur lors de l’encaissement de la période',
  canceled: 'Abonnement résilié (démonstration)',
  cancelFailed: 'Erreur lors de la résiliation de l’abonnement',
} as const;

export const ADMIN_MEMBERS_PAGE_SIZE = 25;

/** GET /api/admin/members: search (name, email, company, profession) and page. */
export const adminMembersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_MEMBERS_PAGE_SIZE),
});
export type AdminMembersQuery = z.input<typeof adminMembersQuerySchema>;

/** One row of admin_get_all_profiles. */
export const adminMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  companyName: z.string().nullable(),
  profession: z.string().nullable(),
  createdAt: isoDateTime(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  subscription: z
    .object({
      status: z.string(),
      planId: z.string(),
      provider: z.string(),
      currentPeriodEnd: isoDateTime().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersResponseSchema = z.object({
  members: z.array(adminMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMembersResponse = z.infer<typeof adminMembersResponseSchema>;

/** The edit dialog: name and company, with the rules of the member's own profile form. */
export const adminMemberUpdateSchema = profileUpdateSchema.pick({ fullName: true, companyName: true });
export type AdminMemberUpdateInput = z.input<typeof adminMemberUpdateSchema>;
export type AdminMemberUpdate = z.output<typeof adminMemberUpdateSchema>;

export const adminPromoteResponseSchema = z.object({ userId: z.string(), email: z.string(), message: z.string() });
export type AdminPromoteResponse = z.infer<typeof adminPromoteResponseSchema>;

/** PUT /api/admin/members/:userId: the names as stored. */
export const adminMemberUpdateResponseSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
});
export type AdminMemberUpdateResponse = z.infer<typeof adminMemberUpdateResponseSchema>;

/** French labels of the subscription statuses shown to admins. */
export const subscriptionStatusLabels: Record<string, string> = {
  trialing: 'Période d’essai',
  active: 'Actif',
  past_due: 'Paiement en retard',
  unpaid: 'Impayé',
  canceled: 'Résilié',
  incomplete: 'Incomplet',
  incomplete_expired: 'Expiré',
  paused: 'En pause',
};
