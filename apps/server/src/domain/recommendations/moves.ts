import {
  type AnswerBusinessInput,
  type BusinessStatus,
  canMoveRecommendation,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationDetail,
  type RecommendationForm,
  type RecommendationKind,
  type RecommendationStatus,
  recommendationMessages,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { notificationTexts } from '../notification-texts';
import { type NotificationInput, notify } from '../notifications';
import { isAdmin } from '../roles';
import { getSubscription } from '../subscriptions';
import { onceKey, queueWebhookEvent } from '../webhooks/events';
import { getRecommendation, link, toCents } from './reading';

/**
 * Giving a recommendation and every change after it: moving it along, declaring, confirming or
 * disputing its business. Each change locks the row, writes a history row and tells the other
 * party in the same transaction.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

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
export async function giveRecommendation(
  ctx: Ctx,
  giverId: string,
  form: RecommendationForm,
  /** `meetingId`: given during this live meeting (domain/live-meeting.ts). */
  options: { meetingId?: string } = {},
): Promise<{ id: string }> {
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
           contact_email, contact_company, need, consent_at, heat, message, status, status_changed_at, meeting_id)
        values (${giverId}, ${form.receiverId}, ${homeGroup(giverId)}, ${homeGroup(form.receiverId)}, ${form.kind},
                ${external ? form.contactName : null}, ${external ? form.contactPhone : null},
                ${external ? form.contactEmail : null}, ${external ? form.contactCompany : null}, ${form.need},
                ${form.consent ? sql`clock_timestamp()` : null}, ${form.heat}, ${form.message}, 'received',
                clock_timestamp(), ${options.meetingId ?? null})
        returning id`);
      const created = (rows[0] as { id: string }).id;
      await tx.execute(sql`
        insert into recommendation_events (recommendation_id, kind, from_status, to_status, actor_id, created_at)
        values (${created}, 'given', null, 'received', ${giverId}, clock_timestamp())`);
      await queueWebhookEvent(tx, {
        type: 'recommendation.created',
        key: created,
        data: {
          recommendationId: created,
          giverId,
          receiverId: form.receiverId,
          kind: form.kind,
          heat: form.heat,
          status: 'received',
          meetingId: options.meetingId ?? null,
        },
      });
      const giverName = names.get(giverId) ?? recommendationMessages.deletedMember;
      await notify(tx, ctx, {
        userId: form.receiverId,
        kind: 'recommendation_received',
        actorId: giverId,
        ...notificationTexts.recommendationReceived(giverName, external, form.need ?? form.message ?? null),
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
      await queueWebhookEvent(tx, {
        type: 'recommendation.updated',
        key: `${row.id}:${input.status}`,
        data: {
          recommendationId: row.id,
          giverId: row.giver_id,
          receiverId: row.receiver_id,
          previousStatus: row.status,
          status: input.status,
          amountCents: won ? input.amountCents : null,
          businessStatus: won ? 'declared' : null,
        },
      });
      if (row.giver_id) {
        const names = await namesOf(tx, [userId]);
        const receiverName = names.get(userId) ?? '';
        const label = RECOMMENDATION_STATUS_LABELS[input.status];
        const notifications: NotificationInput[] = [
          {
            userId: row.giver_id,
            kind: 'recommendation_updated',
            actorId: userId,
            ...notificationTexts.recommendationUpdated(receiverName, label, input.note),
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
    ...notificationTexts.businessToConfirm(receiverName, amountCents),
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
    await queueWebhookEvent(tx, {
      type: 'recommendation.updated',
      key: onceKey(),
      data: {
        recommendationId: row.id,
        giverId: row.giver_id,
        receiverId: row.receiver_id,
        previousStatus: row.status,
        status: row.status,
        amountCents,
        businessStatus: 'declared',
      },
    });
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
 * told either way. Both carry the amount the giver saw: another one is a 409.
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
    // The answer is to the amount the giver saw (issue 33): the receiver may have corrected it
    // since; read under the row's lock, so a correction at the same moment is either before (409)
    // or after (the correction finds it confirmed).
    if (toCents(row.amount_cents) !== input.seenAmountCents) throw new AppError('BUSINESS_AMOUNT_CHANGED');
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
    const business = {
      recommendationId: row.id,
      giverId: row.giver_id,
      receiverId: row.receiver_id,
      status: row.status,
      amountCents: toCents(row.amount_cents),
      businessStatus: confirm ? 'confirmed' : 'disputed',
    };
    await queueWebhookEvent(
      tx,
      confirm
        ? { type: 'business.confirmed', key: row.id, data: business }
        : { type: 'recommendation.updated', key: onceKey(), data: { ...business, previousStatus: row.status } },
    );
    if (row.receiver_id) {
      const names = await namesOf(tx, [userId]);
      const giverName = names.get(userId) ?? '';
      await notify(tx, ctx, {
        userId: row.receiver_id,
        kind: 'business_to_confirm',
        actorId: userId,
        ...notificationTexts.businessAnswered(giverName, confirm, toCents(row.amount_cents) ?? 0, reason),
        link: link(row.id),
        action: 'Voir la recommandation',
      });
    }
  });
  ctx.mailer.wake();
  return getRecommendation(ctx.db, userId, id);
}
