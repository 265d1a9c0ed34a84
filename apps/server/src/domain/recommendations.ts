import {
  type AnswerBusinessInput,
  BUSINESS_STATUS_LABELS,
  type BusinessStatus,
  CONTACT_RETENTION_MONTHS,
  canMoveRecommendation,
  formatDate,
  formatMoney,
  nextRecommendationStatuses,
  RECOMMENDATION_KIND_LABELS,
  RECOMMENDATION_REMINDER_DAYS,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationDetail,
  type RecommendationForm,
  type RecommendationHistoryEntry,
  type RecommendationKind,
  type RecommendationList,
  type RecommendationListQuery,
  type RecommendationMonth,
  type RecommendationParty,
  type RecommendationStatus,
  type RecommendationSummary,
  type RecommendationTotals,
  recommendationListQuerySchema,
  recommendationMessages,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { displayName } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { pgConstraint, pgErrorCode } from '../lib/pg-errors';
import { conversionPercent } from './dashboard';
import { type NotificationInput, notify } from './notifications';
import { isAdmin } from './roles';
import { getSubscription } from './subscriptions';

/**
 * Recommendations and closed business (network-core §3): a giver passes a recommendation to a
 * receiver, the receiver moves it along (forward only), declares the business of a won one, the
 * giver confirms or disputes it. Every change writes a history row and tells the other party
 * (notify(), in the same transaction). Only the giver, the receiver and admins read one; anyone
 * else is told it does not exist. Changes lock the recommendation's row (`FOR UPDATE`): two
 * changes at the same instant are applied one after the other, each history row starting where
 * the previous one ended.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

const PARIS = 'Europe/Paris';
/** The rows one job run handles at most (the next run takes the rest). */
const SWEEP_BATCH = 500;
/** The CSV export's ceiling: a member's own recommendations, far above any real count. */
export const CSV_MAX_ROWS = 10_000;

/** A member's displayed name: the profile's full name, else the account's. */

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

interface SummaryRow extends Record<string, unknown> {
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
const summaryColumns = sql`
  r.id, r.kind, r.status, r.heat,
  r.giver_id, ${displayName('gu', 'gp')} as giver_name, gp.avatar_url as giver_image, gp.profession as giver_trade,
  r.receiver_id, ${displayName('ru', 'rp')} as receiver_name, rp.avatar_url as receiver_image,
  rp.profession as receiver_trade,
  r.contact_name, r.need, r.amount_cents, r.business_status, r.created_at, r.status_changed_at`;

const partyJoins = sql`
  left join "user" gu on gu.id = r.giver_id
  left join profiles gp on gp.user_id = r.giver_id
  left join "user" ru on ru.id = r.receiver_id
  left join profiles rp on rp.user_id = r.receiver_id`;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const toCents = (value: string | number | null) => (value === null ? null : Number(value));

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

function toSummary(row: SummaryRow): RecommendationSummary {
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
function listWhere(userId: string, filters: ListFilters): SQL {
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

// ---------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------

export const CSV_HEADER = [
  'Date',
  'Sens',
  'Membre',
  'Type',
  'Contact',
  'Besoin',
  'Chaleur',
  'Statut',
  'Montant HT (€)',
  'Affaire',
] as const;

/**
 * One CSV cell: a text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a
 * carriage return first) starts with a quote; a cell holding the separator, a quote or a line
 * break is quoted.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as a French spreadsheet reads them: 150050 → '1500,50'. */
const csvAmount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/**
 * GET /api/me/recommendations.csv: the member's own recommendations of one side with the list's
 * filters, every row up to CSV_MAX_ROWS, for a French spreadsheet (`;`, UTF-8 with a BOM).
 */
export async function exportMyRecommendationsCsv(
  db: DbOrTx,
  userId: string,
  query: RecommendationListQuery,
): Promise<string> {
  const filters = recommendationListQuerySchema.parse(query);
  const { rows } = await db.execute<SummaryRow & { contact_company: string | null }>(sql`
    select ${summaryColumns}, r.contact_company
      from recommendations r ${partyJoins}
     where ${listWhere(userId, filters)}
     order by r.created_at desc, r.id desc
     limit ${CSV_MAX_ROWS}`);
  const given = filters.side === 'given';
  const lines = [CSV_HEADER.map(csvCell).join(';')];
  for (const row of rows) {
    const summary = toSummary(row);
    const other = given ? summary.receiver : summary.giver;
    const contact = [row.contact_name, row.contact_company ? `(${row.contact_company})` : null]
      .filter(Boolean)
      .join(' ');
    lines.push(
      [
        formatDate(toDate(row.created_at), 'short'),
        given ? 'Donnée' : 'Reçue',
        other ? other.name : recommendationMessages.deletedMember,
        RECOMMENDATION_KIND_LABELS[row.kind],
        contact || null,
        row.need,
        row.heat,
        RECOMMENDATION_STATUS_LABELS[row.status],
        csvAmount(summary.amountCents),
        row.business_status ? BUSINESS_STATUS_LABELS[row.business_status] : null,
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `recommandations-2026-05-14.csv`, the day in Paris. */
export function csvFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);
  return `recommandations-${day}.csv`;
}

// ---------------------------------------------------------------------------
// Giving
// ---------------------------------------------------------------------------

/** The two members' displayed names, in one query. */
async function namesOf(tx: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; name: string }>(sql`
    select u.id, ${displayName()} as name
      from "user" u left join profiles p on p.user_id = u.id
     where u.id in (${sql.join(
       wanted.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const link = (id: string) => `/recommandations/${id}`;

/** A violated constraint of the recommendations table as the user's error, else the error itself. */
function constraintError(error: unknown): unknown {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  if (code === '23514' && constraint === 'recommendations_contact_consent') return new AppError('CONSENT_REQUIRED');
  if (code === '23514' && constraint === 'recommendations_not_self') return new AppError('SELF_RECOMMENDATION');
  // The receiver's account was deleted between the check and the insert.
  if (code === '23503' && constraint === 'recommendations_receiver_id_user_id_fk')
    return new AppError('MEMBER_NOT_FOUND');
  return error;
}

/**
 * POST /api/recommendations: the receiver is another member of the network (an active
 * subscription, trial included); an external contact's details only with their consent (the
 * schema refuses without it, the table's CHECK backs it). Records both members' home groups of
 * the day (the groups' totals), the first history row, and tells the receiver.
 */
export async function giveRecommendation(ctx: Ctx, giverId: string, form: RecommendationForm): Promise<{ id: string }> {
  if (form.receiverId === giverId) throw new AppError('SELF_RECOMMENDATION');
  const external = form.kind === 'external';
  if (external && !form.consent) throw new AppError('CONSENT_REQUIRED');
  const id = await ctx.db
    .transaction(async (tx) => {
      const names = await namesOf(tx, [giverId, form.receiverId]);
      const receiverName = names.get(form.receiverId);
      if (receiverName === undefined) throw new AppError('MEMBER_NOT_FOUND');
      if (!(await getSubscription(tx, form.receiverId)).subscribed) throw new AppError('RECIPIENT_NOT_MEMBER');
      const homeGroup = (userId: string) =>
        sql`(select gm.group_id from group_members gm where gm.user_id = ${userId} and gm.status = 'active' limit 1)`;
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into recommendations
          (giver_id, receiver_id, giver_group_id, receiver_group_id, kind, contact_name, contact_phone,
           contact_email, contact_company, need, consent_at, heat, message, status, status_changed_at)
        values (${giverId}, ${form.receiverId}, ${homeGroup(giverId)}, ${homeGroup(form.receiverId)}, ${form.kind},
                ${external ? form.contactName : null}, ${external ? form.contactPhone : null},
                ${external ? form.contactEmail : null}, ${external ? form.contactCompany : null}, ${form.need},
                ${form.consent ? sql`clock_timestamp()` : null}, ${form.heat}, ${form.message}, 'received',
                clock_timestamp())
        returning id`);
      const created = (rows[0] as { id: string }).id;
      await tx.execute(sql`
        insert into recommendation_events (recommendation_id, kind, from_status, to_status, actor_id, created_at)
        values (${created}, 'given', null, 'received', ${giverId}, clock_timestamp())`);
      const giverName = names.get(giverId) ?? recommendationMessages.deletedMember;
      await notify(tx, ctx, {
        userId: form.receiverId,
        kind: 'recommendation_received',
        actorId: giverId,
        title: external ? `${giverName} vous recommande un contact externe` : `${giverName} a besoin de vos services`,
        body: form.need ?? form.message ?? null,
        link: link(created),
        action: 'Voir la recommandation',
      });
      return created;
    })
    .catch((error) => {
      throw constraintError(error);
    });
  ctx.mailer.wake();
  return { id };
}

// ---------------------------------------------------------------------------
// Moving it along
// ---------------------------------------------------------------------------

interface LockedRow extends Record<string, unknown> {
  id: string;
  giver_id: string | null;
  receiver_id: string | null;
  kind: RecommendationKind;
  status: RecommendationStatus;
  contact_name: string | null;
  contact_company: string | null;
  amount_cents: string | number | null;
  business_status: BusinessStatus | null;
}

/** Locks the recommendation for a change; RECOMMENDATION_NOT_FOUND when it is not there. */
async function lockRecommendation(tx: Tx, id: string): Promise<LockedRow> {
  if (!isUuid(id)) throw new AppError('RECOMMENDATION_NOT_FOUND');
  const { rows } = await tx.execute<LockedRow>(sql`
    select id, giver_id, receiver_id, kind, status, contact_name, contact_company, amount_cents, business_status
      from recommendations where id = ${id} for update`);
  const row = rows[0];
  if (!row) throw new AppError('RECOMMENDATION_NOT_FOUND');
  return row;
}

/**
 * Only `party` may make this change: the other party (or an admin, who reads it) is refused with
 * `refusal`; anyone else is told the recommendation does not exist.
 */
async function requireParty(
  tx: Tx,
  row: LockedRow,
  userId: string,
  party: 'giver' | 'receiver',
  refusal: 'NOT_RECEIVER' | 'OWN_DECLARATION' | 'NOT_GIVER',
): Promise<void> {
  const own = party === 'giver' ? row.giver_id : row.receiver_id;
  if (own === userId) return;
  const other = party === 'giver' ? row.receiver_id : row.giver_id;
  if (other === userId) throw new AppError(refusal);
  if (await isAdmin(tx, userId)) throw new AppError(party === 'giver' ? 'NOT_GIVER' : 'NOT_RECEIVER');
  throw new AppError('RECOMMENDATION_NOT_FOUND');
}

// Notification titles and mail subjects never name an external contact: they are kept in the
// centre and in mailboxes beyond the contact details' 12 months (purge-recommendation-contacts).

export interface MoveInput {
  status: RecommendationStatus;
  amountCents: number | null;
  lostReason: string | null;
  note: string | null;
}

/**
 * POST /api/recommendations/:id/status (the receiver): forward only; `Gagnée` declares the
 * business with its amount. The history row and the giver's notifications in the same
 * transaction, under the row's lock.
 */
export async function moveRecommendation(
  ctx: Ctx,
  userId: string,
  id: string,
  input: MoveInput,
): Promise<RecommendationDetail> {
  await ctx.db
    .transaction(async (tx) => {
      const row = await lockRecommendation(tx, id);
      await requireParty(tx, row, userId, 'receiver', 'NOT_RECEIVER');
      if (!canMoveRecommendation(row.status, input.status)) {
        throw new AppError(
          'STATUS_NOT_ALLOWED',
          `Cette recommandation est à l’étape «\u00a0${RECOMMENDATION_STATUS_LABELS[row.status]}\u00a0»\u202f: elle ne peut plus passer à «\u00a0${RECOMMENDATION_STATUS_LABELS[input.status]}\u00a0».`,
        );
      }
      const won = input.status === 'won';
      await tx.execute(sql`
      update recommendations
         set status = ${input.status}, status_changed_at = clock_timestamp(),
             lost_reason = ${input.status === 'lost' ? input.lostReason : null},
             amount_cents = ${won ? input.amountCents : null},
             business_status = ${won ? 'declared' : null},
             business_declared_at = ${won ? sql`clock_timestamp()` : null}
       where id = ${row.id}`);
      await tx.execute(sql`
      insert into recommendation_events
        (recommendation_id, kind, from_status, to_status, amount_cents, note, actor_id, created_at)
      values (${row.id}, 'status', ${row.status}, ${input.status}, ${won ? input.amountCents : null},
              ${input.status === 'lost' ? (input.lostReason ?? input.note) : input.note}, ${userId}, clock_timestamp())`);
      if (row.giver_id) {
        const names = await namesOf(tx, [userId]);
        const receiverName = names.get(userId) ?? '';
        const label = RECOMMENDATION_STATUS_LABELS[input.status];
        const notifications: NotificationInput[] = [
          {
            userId: row.giver_id,
            kind: 'recommendation_updated',
            actorId: userId,
            title: `${receiverName} a fait avancer votre recommandation\u202f: ${label}`,
            body: input.note,
            link: link(row.id),
            action: 'Voir la recommandation',
          },
        ];
        if (won && input.amountCents !== null) {
          notifications.push(
            businessToConfirm(row.giver_id, { id: userId, name: receiverName }, row.id, input.amountCents),
          );
        }
        await notify(tx, ctx, notifications);
      }
    })
    .catch((error) => {
      throw constraintError(error);
    });
  ctx.mailer.wake();
  return getRecommendation(ctx.db, userId, id);
}

function businessToConfirm(
  giverId: string,
  receiver: { id: string; name: string },
  id: string,
  amountCents: number,
): NotificationInput {
  const receiverName = receiver.name;
  return {
    userId: giverId,
    kind: 'business_to_confirm',
    actorId: receiver.id,
    title: `${receiverName} déclare une affaire conclue de ${formatMoney(amountCents)} HT grâce à votre recommandation`,
    body: `Confirmez-vous ce montant\u202f? Cliquez sur «\u00a0${recommendationMessages.confirm}\u00a0» ou contestez-le.`,
    link: link(id),
    action: recommendationMessages.confirm,
  };
}

/**
 * PUT /api/recommendations/:id/business (the receiver): corrects the declared amount while the
 * giver has not confirmed it; it is `Déclarée` again and the giver is asked again.
 */
export async function declareBusiness(
  ctx: Ctx,
  userId: string,
  id: string,
  amountCents: number,
): Promise<RecommendationDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecommendation(tx, id);
    await requireParty(tx, row, userId, 'receiver', 'NOT_RECEIVER');
    if (row.status !== 'won' || row.business_status === null) throw new AppError('BUSINESS_NOT_DECLARED');
    if (row.business_status === 'confirmed') throw new AppError('BUSINESS_ALREADY_CONFIRMED');
    await tx.execute(sql`
      update recommendations
         set amount_cents = ${amountCents}, business_status = 'declared', business_declared_at = clock_timestamp(),
             business_answered_at = null, dispute_reason = null
       where id = ${row.id}`);
    await tx.execute(sql`
      insert into recommendation_events (recommendation_id, kind, from_status, to_status, amount_cents, actor_id, created_at)
      values (${row.id}, 'business_declared', ${row.status}, ${row.status}, ${amountCents}, ${userId}, clock_timestamp())`);
    if (row.giver_id) {
      const names = await namesOf(tx, [userId]);
      await notify(
        tx,
        ctx,
        businessToConfirm(row.giver_id, { id: userId, name: names.get(userId) ?? '' }, row.id, amountCents),
      );
    }
  });
  ctx.mailer.wake();
  return getRecommendation(ctx.db, userId, id);
}

/**
 * POST /api/recommendations/:id/business/answer (the giver): `Je confirme` makes the amount
 * count as confirmed, for good; a dispute leaves it to the receiver to correct. The receiver is
 * told either way.
 */
export async function answerBusiness(
  ctx: Ctx,
  userId: string,
  id: string,
  input: AnswerBusinessInput,
): Promise<RecommendationDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecommendation(tx, id);
    await requireParty(tx, row, userId, 'giver', 'OWN_DECLARATION');
    if (row.status !== 'won' || row.business_status === null) throw new AppError('BUSINESS_NOT_DECLARED');
    if (row.business_status === 'confirmed') throw new AppError('BUSINESS_ALREADY_CONFIRMED');
    const confirm = input.answer === 'confirm';
    const reason = confirm ? null : (input.reason ?? null);
    await tx.execute(sql`
      update recommendations
         set business_status = ${confirm ? 'confirmed' : 'disputed'}, business_answered_at = clock_timestamp(),
             dispute_reason = ${reason}
       where id = ${row.id}`);
    await tx.execute(sql`
      insert into recommendation_events
        (recommendation_id, kind, from_status, to_status, amount_cents, note, actor_id, created_at)
      values (${row.id}, ${confirm ? 'business_confirmed' : 'business_disputed'}, ${row.status}, ${row.status},
              ${toCents(row.amount_cents)}, ${reason}, ${userId}, clock_timestamp())`);
    if (row.receiver_id) {
      const names = await namesOf(tx, [userId]);
      const giverName = names.get(userId) ?? '';
      const amount = formatMoney(toCents(row.amount_cents) ?? 0);
      await notify(tx, ctx, {
        userId: row.receiver_id,
        kind: 'business_to_confirm',
        actorId: userId,
        title: confirm
          ? `${giverName} confirme votre affaire conclue de ${amount} HT`
          : `${giverName} conteste votre affaire conclue de ${amount} HT`,
        body: reason,
        link: link(row.id),
        action: 'Voir la recommandation',
      });
    }
  });
  ctx.mailer.wake();
  return getRecommendation(ctx.db, userId, id);
}

// ---------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------

/**
 * The last 12 months (Europe/Paris, the current one included), newest first, in one query: a
 * month counts the recommendations given in it, and those closed in it (won, lost, without
 * follow-up: a closed status is final, so `status_changed_at` is when it closed) with their
 * business. `total` adds the 12 months up.
 */
export async function recommendationTotals(
  db: DbOrTx,
  scope: { groupId: string } | 'network',
  now = new Date(),
): Promise<RecommendationTotals> {
  const inScope = scope === 'network' ? sql`true` : sql`r.giver_group_id = ${scope.groupId}`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const thisMonth = sql`date_trunc('month', ${at} at time zone ${PARIS})`;
  const since = sql`((${thisMonth} - interval '11 months') at time zone ${PARIS})`;
  const { rows } = await db.execute<{
    month: string;
    given: string | number;
    won: string | number;
    closed: string | number;
    declared_cents: string | number;
    confirmed_cents: string | number;
  }>(sql`
    with months as (
      select generate_series(${thisMonth} - interval '11 months', ${thisMonth}, interval '1 month') as m
    ), given as (
      select date_trunc('month', r.created_at at time zone ${PARIS}) as m, count(*) as n
        from recommendations r
       where ${inScope} and r.created_at >= ${since}
       group by 1
    ), closed as (
      select date_trunc('month', r.status_changed_at at time zone ${PARIS}) as m,
             count(*) filter (where r.status = 'won') as won,
             count(*) as closed,
             coalesce(sum(r.amount_cents), 0) as declared_cents,
             coalesce(sum(r.amount_cents) filter (where r.business_status = 'confirmed'), 0) as confirmed_cents
        from recommendations r
       where ${inScope} and r.status in ('won', 'lost', 'no_follow_up') and r.status_changed_at >= ${since}
       group by 1
    )
    select to_char(months.m, 'YYYY-MM') as month, coalesce(given.n, 0) as given,
           coalesce(closed.won, 0) as won, coalesce(closed.closed, 0) as closed,
           coalesce(closed.declared_cents, 0) as declared_cents, coalesce(closed.confirmed_cents, 0) as confirmed_cents
      from months
      left join given on given.m = months.m
      left join closed on closed.m = months.m
     order by months.m desc`);
  const months: RecommendationMonth[] = rows.map((r) => ({
    month: r.month,
    given: Number(r.given),
    won: Number(r.won),
    declaredCents: Number(r.declared_cents),
    confirmedCents: Number(r.confirmed_cents),
  }));
  const sum = (pick: (m: RecommendationMonth) => number) => months.reduce((total, m) => total + pick(m), 0);
  const closed = rows.reduce((total, r) => total + Number(r.closed), 0);
  const won = sum((m) => m.won);
  const given = sum((m) => m.given);
  const confirmedCents = sum((m) => m.confirmedCents);
  return {
    months,
    total: {
      given,
      received: given,
      won,
      declaredCents: sum((m) => m.declaredCents),
      confirmedCents,
      givenConfirmedCents: confirmedCents,
      conversionPercent: conversionPercent(won, closed),
    },
  };
}

// ---------------------------------------------------------------------------
// Scheduled jobs (docs/decisions/0007-scheduled-jobs.md)
// ---------------------------------------------------------------------------

/**
 * `remind-recommendations`: a recommendation still at `Reçue` RECOMMENDATION_REMINDER_DAYS after
 * it arrived reminds its receiver, once (`reminded_at`). The due rows are claimed with `FOR
 * UPDATE SKIP LOCKED` and marked in the same statement: two instances never remind twice.
 */
export async function remindRecommendations(
  ctx: Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>,
  now = new Date(),
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const handled = await ctx.db.transaction(async (tx) => {
    // Claimed, marked and written in the history in one statement.
    const { rows } = await tx.execute<{
      id: string;
      receiver_id: string | null;
      giver_id: string | null;
      giver_name: string | null;
    }>(sql`
      with due as (
        select id from recommendations
         where status = 'received' and reminded_at is null
           and status_changed_at <= ${at} - make_interval(days => ${RECOMMENDATION_REMINDER_DAYS})
         order by status_changed_at
         limit ${SWEEP_BATCH}
           for update skip locked
      ), reminded as (
        update recommendations r set reminded_at = ${at}
          from due
         where r.id = due.id
        returning r.id, r.giver_id, r.receiver_id
      ), logged as (
        insert into recommendation_events (recommendation_id, kind, from_status, to_status, created_at)
        select id, 'reminded', 'received', 'received', clock_timestamp() from reminded
      )
      select reminded.id, reminded.receiver_id, reminded.giver_id,
             case when reminded.giver_id is null then null else ${displayName('gu', 'gp')} end as giver_name
        from reminded
        left join "user" gu on gu.id = reminded.giver_id
        left join profiles gp on gp.user_id = reminded.giver_id`);
    if (rows.length === 0) return 0;
    await notify(
      tx,
      ctx,
      rows
        .filter((r): r is typeof r & { receiver_id: string } => r.receiver_id !== null)
        .map((r) => {
          return {
            userId: r.receiver_id,
            kind: 'recommendation_received' as const,
            actorId: r.giver_id,
            title: `La recommandation de ${r.giver_name ?? recommendationMessages.deletedMember} attend votre suivi depuis ${RECOMMENDATION_REMINDER_DAYS} jours`,
            body: 'Indiquez où vous en êtes (contactée, rendez-vous, devis…)\u202f: le membre qui vous l’a passée attend des nouvelles.',
            link: link(r.id),
            action: 'Faire avancer la recommandation',
          };
        }),
    );
    return rows.length;
  });
  if (handled > 0) ctx.mailer.wake();
  return handled;
}

/**
 * `purge-recommendation-contacts`: an external contact's details (a person who is not a member)
 * are deleted CONTACT_RETENTION_MONTHS after the recommendation's last status change: for a
 * closed one that is when it closed (closing statuses are final); for one still open, after as
 * long without any change (docs/product/decisions.md, Recommendations). The need, the history and
 * the figures stay.
 */
export async function purgeRecommendationContacts(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    with due as (
      select id from recommendations
       where kind = 'external' and contact_purged_at is null
         and status_changed_at <= ${at} - make_interval(months => ${CONTACT_RETENTION_MONTHS})
       order by status_changed_at
       limit ${SWEEP_BATCH}
         for update skip locked
    )
    update recommendations r
       set contact_name = null, contact_phone = null, contact_email = null, contact_company = null,
           contact_purged_at = ${at}
      from due
     where r.id = due.id
    returning r.id`);
  return rows.length;
}
