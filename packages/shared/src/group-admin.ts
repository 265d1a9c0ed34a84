import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { GROUP_STATUSES, LEADER_ROLES, MEETING_RHYTHMS } from './group-constants';
import { tradeSchema } from './groups';

// Administration of the trade catalogue and of the groups (network-core §1-2): the answers of
// /api/admin/trades and /api/admin/groups. The bodies are groups.ts's tradeFormSchema,
// tradeMergeSchema and groupFormSchema.

/** A trade as the admin sees it: with the members who chose it and the seats it holds. */
export const adminTradeSchema = tradeSchema.extend({
  /** The label in the feminine (issue 31), null where French has none distinct. */
  labelFeminine: z.string().nullable(),
  /** Profiles naming this trade. */
  members: z.number().int(),
  /** Active seats (group_members) on this trade, one per group at most. */
  activeSeats: z.number().int(),
});
export type AdminTrade = z.infer<typeof adminTradeSchema>;

/** GET /api/admin/trades: the whole catalogue, by family (TRADE_FAMILIES order) then label. */
export const adminTradeListSchema = z.object({ trades: z.array(adminTradeSchema) });
export type AdminTradeList = z.infer<typeof adminTradeListSchema>;

/** POST /api/admin/trades/:tradeId/merge: the trade that remains, and what moved to it. */
export const tradeMergeResultSchema = z.object({
  trade: adminTradeSchema,
  moved: z.object({
    profiles: z.number().int(),
    seats: z.number().int(),
    applications: z.number().int(),
    waitlist: z.number().int(),
    history: z.number().int(),
  }),
  /** Waiting-list places of one member on both trades in one group: the newer one was closed. */
  waitlistDuplicatesClosed: z.number().int(),
});
export type TradeMergeResult = z.infer<typeof tradeMergeResultSchema>;

export const adminGroupLeaderSchema = z.object({
  role: z.enum(LEADER_ROLES),
  /** The leader's title, in the form they chose (`Présidente`). */
  roleLabel: z.string(),
  userId: z.string(),
  fullName: z.string(),
});

/** A group as the admin sees it: its form's values, its counts and its leaders. */
export const adminGroupSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  departmentCode: z.string(),
  region: z.string(),
  description: z.string(),
  meetingPlace: z.string(),
  meetingRhythm: z.enum(MEETING_RHYTHMS),
  meetingWeekday: z.number().int(),
  /** `HH:MM`. */
  meetingTime: z.string(),
  activeMembers: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  pendingApplications: z.number().int(),
  /** Waiting-list places still open (waiting or offered). */
  waitlist: z.number().int(),
  /** In LEADER_ROLES order; a role nobody holds is absent. */
  leaders: z.array(adminGroupLeaderSchema),
  createdAt: isoDateTime(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

/** GET /api/admin/groups: every group, by region, département, city and name. */
export const adminGroupListSchema = z.object({ groups: z.array(adminGroupSchema) });
export type AdminGroupList = z.infer<typeof adminGroupListSchema>;

/** The French words of the admin pages /admin/metiers and /admin/groupes. */
export const groupAdminMessages = {
  tradeCreated: 'Métier ajouté',
  tradeUpdated: 'Métier modifié',
  tradeMerged: (from: string, into: string) => `«\u00a0${from}\u00a0» a été fusionné dans «\u00a0${into}\u00a0».`,
  mergeConfirm: (from: string, into: string, members: number) =>
    `Fusionner «\u00a0${from}\u00a0» dans «\u00a0${into}\u00a0»\u202f? ${members} membre${members > 1 ? 's' : ''} et leurs sièges passeront dans «\u00a0${into}\u00a0», puis «\u00a0${from}\u00a0» sera supprimé. Cette action est définitive.`,
  groupCreated: 'Groupe créé',
  groupUpdated: 'Groupe modifié',
  loadFailed: 'Impossible de charger les données. Réessayez.',
  saveFailed: 'L’enregistrement a échoué. Réessayez.',
} as const;
