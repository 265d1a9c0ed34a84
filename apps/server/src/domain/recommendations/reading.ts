import {
  type BusinessStatus,
  nextRecommendationStatuses,
  type RecommendationDetail,
  type RecommendationHistoryEntry,
  type RecommendationKind,
  type RecommendationList,
  type RecommendationListQuery,
  type RecommendationParty,
  type RecommendationStatus,
  type RecommendationSummary,
  recommendationListQuerySchema,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Recommendations and closed business (network-core §3): a giver passes a recommendation to a
 * receiver, the receiver moves it along (forward only), declares the business of a won one, the
 * giver confirms or disputes it. Every change writes a history row and tells the other party
 * (notify(), in the same transaction). Only the giver, the receiver and admins read one; anyone
 * else is told it does not exist. Changes lock the recommendation's row (`FOR UPDATE`): two
 * changes at the same instant are applied one after the other, each history row starting where
 * the previous one ended.
 *
 * This file reads them (one recommendation, a member's list) and holds what the others share;
 * giving and every change are in moves.ts, the CSV export in csv.ts, the monthly totals in
 * totals.ts, the scheduled jobs in jobs.ts.
 */

export const PARIS = 'Europe/Paris';

/** A recommendation's page, the link of its notifications. */
export const link = (id: string) => `/recommandations/${id}`;

export interface SummaryRow extends Record<string, unknown> {
  id: string;
  kind: RecommendationKind;
  status: RecommendationStatus;
  heat: number;
  giver_id: string | null;
  giver_name: string | null;
  giver_image: string | null;
  giver_trade: string | null;
  receiver_id: string | null;
  receiver_name: string | null;
  receiver_image: string | null;
  receiver_trade: string | null;
  contact_name: string | null;
  need: string | null;
  amount_cents: string | number | null;
  business_status: BusinessStatus | null;
  created_at: Date | string;
  status_changed_at: Date | string;
}

interface DetailRow extends SummaryRow {
  contact_phone: string | null;
  contact_email: string | null;
  contact_company: string | null;
  consent_at: Date | string | null;
  contact_purged_at: Date | string | null;
  message: string | null;
  lost_reason: string | null;
  business_declared_at: Date | string | null;
  business_answered_at: Date | string | null;
  dispute_reason: string | null;
}

/** The columns of a summary, `r` the recommendation, `gu`/`gp` and `ru`/`rp` the two parties. */
export const summaryColumns = sql`
  r.id, r.kind, r.status, r.heat,
  r.giver_id, ${displayName('gu', 'gp')} as giver_name, gp.avatar_url as giver_image, gp.profession as giver_trade,
  r.receiver_id, ${displayName('ru', 'rp')} as receiver_name, rp.avatar_url as receiver_image,
  rp.profession as receiver_trade,
  r.contact_name, r.need, r.amount_cents, r.business_status, r.created_at, r.status_changed_at`;

export const partyJoins = sql`
  left join "user" gu on gu.id = r.giver_id
  left join profiles gp on gp.user_id = r.giver_id
  left join "user" ru on ru.id = r.receiver_id
  left join profiles rp on rp.user_id = r.receiver_id`;

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
export const toCents = (value: string | number | null) => (value === null ? null : Number(value));

function party(
  id: string | null,
  name: string | null,
  image: string | null,
  trade: string | null,
): RecommendationParty {
  // A deleted account (the foreign key set to null): the pages show `Ancien membre`.
  if (id === null) return null;
  return { id, name: name ?? '', image, trade };
}

export function toSummary(row: SummaryRow): RecommendationSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    heat: row.heat,
    giver: party(row.giver_id, row.giver_name, row.giver_image, row.giver_trade),
    receiver: party(row.receiver_id, row.receiver_name, row.receiver_image, row.receiver_trade),
    contactName: row.contact_name,
    need: row.need,
    amountCents: toCents(row.amount_cents),
    businessStatus: row.business_status,
    createdAt: toIsoDateTime(toDate(row.created_at)),
    statusChangedAt: toIsoDateTime(toDate(row.status_changed_at)),
  };
}

/**
 * GET /api/recommendations/:id: for its giver, its receiver or an admin; anyone else (and an id
 * that is not one) gets RECOMMENDATION_NOT_FOUND: whether it exists is not theirs to know.
 */
export async function getRecommendation(db: DbOrTx, viewerId: string, id: string): Promise<RecommendationDetail> {
  if (!isUuid(id)) throw new AppError('RECOMMENDATION_NOT_FOUND');
  const { rows } = await db.execute<DetailRow & { viewer_admin: boolean }>(sql`
    select ${summaryColumns},
           r.contact_phone, r.contact_email, r.contact_company, r.consent_at, r.contact_purged_at, r.message,
           r.lost_reason, r.business_declared_at, r.business_answered_at, r.dispute_reason,
           exists (select 1 from user_roles ur where ur.user_id = ${viewerId} and ur.role = 'admin') as viewer_admin
      from recommendations r ${partyJoins}
     where r.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('RECOMMENDATION_NOT_FOUND');
  const viewerRole =
    row.giver_id === viewerId ? 'giver' : row.receiver_id === viewerId ? 'receiver' : row.viewer_admin ? 'admin' : null;
  if (!viewerRole) throw new AppError('RECOMMENDATION_NOT_FOUND');

  const { rows: events } = await db.execute<{
    id: string;
    kind: string;
    from_status: RecommendationStatus | null;
    to_status: RecommendationStatus | null;
    amount_cents: string | number | null;
    note: string | null;
    actor_name: string | null;
    created_at: Date | string;
  }>(sql`
    select e.id, e.kind, e.from_status, e.to_status, e.amount_cents, e.note, e.created_at,
           case when e.actor_id is null then null else ${displayName('au', 'ap')} end as actor_name
      from recommendation_events e
      left join "user" au on au.id = e.actor_id
      left join profiles ap on ap.user_id = e.actor_id
     where e.recommendation_id = ${id}
     order by e.created_at, e.id`);

  const history: RecommendationHistoryEntry[] = events.map((e) => ({
    id: e.id,
    fromStatus: e.from_status,
    toStatus: e.to_status,
    kind: e.kind,
    amountCents: toCents(e.amount_cents),
    note: e.note,
    actorName: e.actor_name,
    createdAt: toIsoDateTime(toDate(e.created_at)),
  }));
  return {
    ...toSummary(row),
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    contactCompany: row.contact_company,
    consentAt: toIsoDateTimeOrNull(row.consent_at === null ? null : toDate(row.consent_at)),
    contactPurgedAt: toIsoDateTimeOrNull(row.contact_purged_at === null ? null : toDate(row.contact_purged_at)),
    message: row.message,
    lostReason: row.lost_reason,
    businessDeclaredAt: toIsoDateTimeOrNull(
      row.business_declared_at === null ? null : toDate(row.business_declared_at),
    ),
    businessAnsweredAt: toIsoDateTimeOrNull(
      row.business_answered_at === null ? null : toDate(row.business_answered_at),
    ),
    disputeReason: row.dispute_reason,
    viewerRole,
    nextStatuses: viewerRole === 'receiver' ? nextRecommendationStatuses(row.status) : [],
    history,
  };
}

type ListFilters = ReturnType<typeof recommendationListQuerySchema.parse>;

/** The member's own recommendations on one side, with the list's filters (month in Paris time). */
export function listWhere(userId: string, filters: ListFilters): SQL {
  const conditions: SQL[] = [filters.side === 'given' ? sql`r.giver_id = ${userId}` : sql`r.receiver_id = ${userId}`];
  if (filters.status) conditions.push(sql`r.status = ${filters.status}`);
  if (filters.month) {
    const start = sql`(${`${filters.month}-01`}::timestamp at time zone ${PARIS})`;
    const end = sql`((${`${filters.month}-01`}::timestamp + interval '1 month') at time zone ${PARIS})`;
    conditions.push(sql`r.created_at >= ${start} and r.created_at < ${end}`);
  }
  return sql.join(conditions, sql` and `);
}

/** GET /api/me/recommendations: one page query (names joined) and one count, newest first. */
export async function listMyRecommendations(
  db: DbOrTx,
  userId: string,
  query: RecommendationListQuery,
): Promise<RecommendationList> {
  const filters = recommendationListQuerySchema.parse(query);
  const where = listWhere(userId, filters);
  const { rows } = await db.execute<SummaryRow>(sql`
    select ${summaryColumns}
      from recommendations r ${partyJoins}
     where ${where}
     order by r.created_at desc, r.id desc
     limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`);
  const { rows: counted } = await db.execute<{ total: string | number }>(sql`
    select count(*) as total from recommendations r where ${where}`);
  return {
    items: rows.map(toSummary),
    total: Number(counted[0]?.total ?? 0),
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
