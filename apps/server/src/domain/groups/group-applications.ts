import {
  type Application,
  type ApplicationStatus,
  GROUP_MAX_MEMBERS,
  OBJECTION_PERIOD_DAYS,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { displayName, memberTradeLabel } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isTradeGone, pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { groupApplicationDecisionMail, groupApplicationMail, groupObjectionMail } from '../../mail/group-mails';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { groupLeaderIds, memberContact, recordHistory } from './group-history';
import { ableToTakeSql, closeOtherPlaces } from './seat-offers';
import { lockGroup, takeSeat } from './seats';

/**
 * Joining a group (network-core §2 "Joining a group"): a subscriber applies for their trade's
 * seat, the group's members may object for 7 days (objections seen by leaders only), a leader
 * accepts or refuses with a message. The seat rules are the database's (seats.ts): an
 * acceptance locks the group, then the application, then takes the seat.
 */

/** An id PostgreSQL can compare with a uuid column; anything else names nothing (404, never 500). */

interface ApplicationRow extends Record<string, unknown> {
  id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  user_id: string;
  full_name: string;
  company_name: string | null;
  trade_id: string;
  trade_label: string;
  status: ApplicationStatus;
  message: string | null;
  created_at: Date | string;
  objection_period_ends_at: Date | string;
  decided_at: Date | string | null;
  decision_message: string | null;
  objections: { id: string; fullName: string; reason: string; createdAt: string }[] | string | null;
  objected_by_viewer: boolean;
}

/**
 * Applications with what a viewer may read of them, in ONE query: the objections (aggregated by
 * the database) only for the applications of `objectionsFor`, the group the viewer leads, and
 * never to the applicant; whether the viewer objected, for every one.
 */
export async function listApplications(
  db: DbOrTx,
  options: { viewerId: string; where: SQL; objectionsFor: string | null },
): Promise<Application[]> {
  const { viewerId, objectionsFor } = options;
  const objections = objectionsFor
    ? sql`case when a.group_id = ${objectionsFor} and a.user_id <> ${viewerId} then coalesce((
        select json_agg(json_build_object(
                 'id', o.id, 'fullName', ${displayName('ou', 'op')},
                 'reason', o.reason, 'createdAt', o.created_at) order by o.created_at, o.id)
          from group_objections o
          join "user" ou on ou.id = o.user_id
          left join profiles op on op.user_id = o.user_id
         where o.application_id = a.id), '[]'::json) end`
    : sql`null::json`;
  const { rows } = await db.execute<ApplicationRow>(sql`
    select a.id, a.group_id, g.name as group_name, g.slug as group_slug, a.user_id,
           ${displayName()} as full_name, p.company_name,
           a.trade_id, t.label as trade_label, a.status, a.message, a.created_at,
           a.objection_period_ends_at, a.decided_at, a.decision_message,
           ${objections} as objections,
           exists (select 1 from group_objections v where v.application_id = a.id and v.user_id = ${viewerId})
             as objected_by_viewer
      from group_applications a
      join groups g on g.id = a.group_id
      join "user" u on u.id = a.user_id
      join trades t on t.id = a.trade_id
      left join profiles p on p.user_id = a.user_id
     where ${options.where}
     order by case when a.status = 'pending' then 0 else 1 end, a.created_at desc, a.id`);
  return rows.map(toApplication);
}

function toApplication(row: ApplicationRow): Application {
  const objections = typeof row.objections === 'string' ? JSON.parse(row.objections) : row.objections;
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupSlug: row.group_slug,
    userId: row.user_id,
    fullName: row.full_name,
    companyName: row.company_name,
    tradeId: row.trade_id,
    tradeLabel: row.trade_label,
    status: row.status,
    message: row.message,
    createdAt: toIsoDateTime(row.created_at),
    objectionPeriodEndsAt: toIsoDateTime(row.objection_period_ends_at),
    decidedAt: toIsoDateTimeOrNull(row.decided_at),
    decisionMessage: row.decision_message,
    objections: objections
      ? (objections as { id: string; fullName: string; reason: string; createdAt: string }[]).map((o) => ({
          ...o,
          createdAt: toIsoDateTime(o.createdAt),
        }))
      : null,
    objectedByViewer: Boolean(row.objected_by_viewer),
  };
}

/** One application as `listApplications` shows it; the objections for a leader of `objectionsFor`. */
async function getApplication(db: DbOrTx, viewerId: string, applicationId: string, objectionsFor: string | null) {
  const [application] = await listApplications(db, { viewerId, where: sql`a.id = ${applicationId}`, objectionsFor });
  if (!application) throw new AppError('APPLICATION_NOT_FOUND');
  return application;
}

/**
 * POST /api/groups/:groupId/applications: the seat is the applicant's own trade (their profile).
 * 409 TRADE_REQUIRED without one, ALREADY_IN_GROUP for a member of any group, SEAT_TAKEN when
 * the seat is held, offered to the first in line or awaited by members able to take it (first
 * come first served: the apply box sends them to the waiting list), GROUP_FULL at 50, TRADE_CHANGED
 * when an admin merged the profile's trade away meanwhile, APPLICATION_PENDING for a second pending application (the
 * unique index group_applications_one_pending decides, not a read). The leaders hear of it.
 */
export async function applyToGroup(
  ctx: AppContext,
  userId: string,
  groupId: string,
  input: { message?: string | null },
): Promise<Application> {
  if (!isUuid(groupId)) throw new AppError('GROUP_NOT_FOUND');
  let applicationId: string;
  try {
    applicationId = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        name: string;
        slug: string;
        active_members: number;
        trade_id: string | null;
        trade_label: string | null;
        /** The applicant's trade as they chose it to read (issue 31), for the leaders' notice. */
        applicant_trade_label: string | null;
        in_group: boolean;
        seat_held: boolean;
        line: boolean;
      }>(sql`
        select g.name, g.slug, g.active_members, p.trade_id, t.label as trade_label,
               ${memberTradeLabel()} as applicant_trade_label,
               exists (select 1 from group_members m where m.user_id = ${userId} and m.status = 'active') as in_group,
               exists (select 1 from group_members m where m.group_id = g.id and m.trade_id = p.trade_id
                          and m.status = 'active') as seat_held,
               -- First come first served: a seat offered to the first in line, or with members
               -- able to take it waiting for it, is not for a newcomer (they join the line).
               exists (select 1 from seat_waitlist sw where sw.group_id = g.id and sw.trade_id = p.trade_id
                          and (sw.status = 'offered' or (sw.status = 'waiting' and ${ableToTakeSql(sql`sw`)})))
                 as line
          from groups g
          left join profiles p on p.user_id = ${userId}
          left join trades t on t.id = p.trade_id
         where g.id = ${groupId}`);
      const group = rows[0];
      if (!group) throw new AppError('GROUP_NOT_FOUND');
      if (!group.trade_id || !group.trade_label) throw new AppError('TRADE_REQUIRED');
      if (group.in_group) throw new AppError('ALREADY_IN_GROUP');
      if (group.seat_held || group.line) throw new AppError('SEAT_TAKEN');
      if (Number(group.active_members) >= GROUP_MAX_MEMBERS) throw new AppError('GROUP_FULL');
      const message = input.message?.trim() || null;
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into group_applications (group_id, user_id, trade_id, message, objection_period_ends_at)
        values (${groupId}, ${userId}, ${group.trade_id}, ${message},
                now() + make_interval(days => ${OBJECTION_PERIOD_DAYS}))
        returning id`);
      const id = (inserted.rows[0] as { id: string }).id;
      await recordHistory(tx, {
        groupId,
        kind: 'application',
        actorId: userId,
        subjectId: userId,
        tradeId: group.trade_id,
        message,
      });
      const applicant = await memberContact(tx, userId);
      const leaders = await groupLeaderIds(tx, groupId);
      await notify(
        tx,
        ctx,
        leaders.map((leaderId) => ({
          userId: leaderId,
          kind: 'group_application' as const,
          actorId: userId,
          ...notificationTexts.groupApplication(
            applicant?.name ?? '',
            group.applicant_trade_label,
            group.name,
            message,
          ),
          link: `/groupes/${encodeURIComponent(group.slug)}/gestion`,
          mail: (to, unsubscribe) =>
            groupApplicationMail(ctx.mailContext, {
              to,
              group: { name: group.name, slug: group.slug },
              applicantName: applicant?.name ?? '',
              tradeLabel: group.applicant_trade_label ?? (group.trade_label as string),
              message,
              unsubscribe,
            }),
        })),
      );
      return id;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'group_applications_one_pending') {
      throw new AppError('APPLICATION_PENDING');
    }
    // The profile's trade was merged into another (admin) between our read and the insert.
    if (isTradeGone(error)) throw new AppError('TRADE_CHANGED');
    throw error;
  }
  ctx.mailer.wake();
  return getApplication(ctx.db, userId, applicationId, null);
}

/** DELETE /api/me/applications/:applicationId: the applicant withdraws a pending application. */
export async function withdrawApplication(ctx: AppContext, userId: string, applicationId: string): Promise<void> {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    // The group's lock first, as every writer of its applications (lockGroup), then the row.
    const { rows: found } = await tx.execute<{ group_id: string }>(sql`
      select group_id from group_applications where id = ${applicationId} and user_id = ${userId}`);
    if (found[0]) await lockGroup(tx, found[0].group_id);
    const { rows } = await tx.execute<{ group_id: string; trade_id: string; status: string }>(sql`
      select group_id, trade_id, status from group_applications
       where id = ${applicationId} and user_id = ${userId} for update`);
    const application = rows[0];
    // Someone else's application does not exist for this member.
    if (!application) throw new AppError('APPLICATION_NOT_FOUND');
    if (application.status !== 'pending') throw new AppError('APPLICATION_CLOSED');
    await tx.execute(sql`
      update group_applications set status = 'withdrawn', decided_at = now() where id = ${applicationId}`);
    await recordHistory(tx, {
      groupId: application.group_id,
      kind: 'withdrawn',
      actorId: userId,
      subjectId: userId,
      tradeId: application.trade_id,
    });
  });
}

/**
 * The application of this group, locked (`for update` or `for share`) until the end of `tx`. The
 * caller holds the group's lock (lockGroup) first, as every writer of the group's applications.
 */
async function lockApplication(tx: Tx, groupId: string, applicationId: string, mode: 'update' | 'share') {
  if (!isUuid(applicationId)) throw new AppError('APPLICATION_NOT_FOUND');
  const { rows } = await tx.execute<{
    user_id: string;
    trade_id: string;
    trade_label: string;
    status: ApplicationStatus;
    period_running: boolean;
  }>(sql`
    select a.user_id, a.trade_id, t.label as trade_label, a.status,
           a.objection_period_ends_at > now() as period_running
      from group_applications a join trades t on t.id = a.trade_id
     where a.id = ${applicationId} and a.group_id = ${groupId}
       for ${mode === 'update' ? sql`update` : sql`share`} of a`);
  const application = rows[0];
  if (!application) throw new AppError('APPLICATION_NOT_FOUND');
  return application;
}

/**
 * POST .../applications/:applicationId/objections: any member of the group but the applicant,
 * once (the unique index group_objections_one_per_member decides), on a pending application. The
 * leaders hear of it; nobody else reads it. The application is share-locked, so an acceptance
 * that checked "no objection" and this objection never cross.
 */
export async function objectToApplication(
  ctx: AppContext,
  userId: string,
  groupId: string,
  applicationId: string,
  reason: string,
): Promise<{ id: string }> {
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const application = await lockApplication(tx, groupId, applicationId, 'share');
      if (application.user_id === userId) throw new AppError('OWN_APPLICATION');
      if (application.status !== 'pending') throw new AppError('APPLICATION_CLOSED');
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into group_objections (application_id, user_id, reason)
        values (${applicationId}, ${userId}, ${reason}) returning id`);
      await recordHistory(tx, {
        groupId,
        kind: 'objection',
        actorId: userId,
        subjectId: application.user_id,
        tradeId: application.trade_id,
        message: reason,
      });
      const [group, applicant, objector, leaders] = [
        await groupOf(tx, groupId),
        await memberContact(tx, application.user_id),
        await memberContact(tx, userId),
        await groupLeaderIds(tx, groupId),
      ];
      await notify(
        tx,
        ctx,
        leaders.map((leaderId) => ({
          userId: leaderId,
          kind: 'group_objection' as const,
          actorId: userId,
          ...notificationTexts.groupObjection(objector?.name ?? '', applicant?.name ?? '', reason),
          link: `/groupes/${encodeURIComponent(group.slug)}/gestion`,
          mail: (to, unsubscribe) =>
            groupObjectionMail(ctx.mailContext, {
              to,
              group,
              applicantName: applicant?.name ?? '',
              objectorName: objector?.name ?? '',
              reason,
              unsubscribe,
            }),
        })),
      );
      return (inserted.rows[0] as { id: string }).id;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'group_objections_one_per_member') {
      throw new AppError('ALREADY_OBJECTED');
    }
    throw error;
  }
  ctx.mailer.wake();
  return { id };
}

/** The group's name and slug, for mails. */
async function groupOf(tx: Tx, groupId: string): Promise<{ name: string; slug: string }> {
  const { rows } = await tx.execute<{ name: string; slug: string }>(
    sql`select name, slug from groups where id = ${groupId}`,
  );
  const group = rows[0];
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  return group;
}

/**
 * POST .../applications/:applicationId/accept (leaders): in one transaction, the group locked
 * first (as every seat writer), then the application. 409 APPLICATION_CLOSED unless pending;
 * before the 7 days end, OBJECTION_PERIOD_RUNNING unless `override`, and OBJECTION_RAISED when a
 * member objected (read after the locks); SEAT_TAKEN while the seat is offered to the first in
 * line. The applicant's other waiting-list places and pending applications end (closeOtherPlaces).
 * The database then refuses a held seat, a second home group or a 51st member (takeSeat). The
 * applicant is told by email.
 */
export async function acceptApplication(
  ctx: AppContext,
  leaderId: string,
  groupId: string,
  applicationId: string,
  input: { message?: string | null; override?: boolean },
): Promise<Application> {
  await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    const application = await lockApplication(tx, groupId, applicationId, 'update');
    if (application.status !== 'pending') throw new AppError('APPLICATION_CLOSED');
    // Read after both locks (a statement of its own, READ COMMITTED): an objection committed
    // while we waited for the group is seen.
    const { rows: state } = await tx.execute<{ objected: boolean; offer_open: boolean }>(sql`
      select exists (select 1 from group_objections o where o.application_id = ${applicationId}) as objected,
             exists (select 1 from seat_waitlist sw where sw.group_id = ${groupId}
                        and sw.trade_id = ${application.trade_id} and sw.status = 'offered') as offer_open`);
    if (application.period_running) {
      if (!input.override) throw new AppError('OBJECTION_PERIOD_RUNNING');
      if (state[0]?.objected) throw new AppError('OBJECTION_RAISED');
    }
    // The seat is offered to the first in line (7 days to answer): first come first served.
    if (state[0]?.offer_open) throw new AppError('SEAT_TAKEN');
    // The member's other places and applications end first (see closeOtherPlaces), then the seat.
    await closeOtherPlaces(tx, ctx, { userId: application.user_id, groupId, keepApplicationId: applicationId });
    await takeSeat(tx, { groupId, userId: application.user_id, tradeId: application.trade_id });
    const message = input.message?.trim() || null;
    await tx.execute(sql`
      update group_applications
         set status = 'accepted', decided_by = ${leaderId}, decided_at = now(),
             decision_message = ${message}, override = ${Boolean(input.override && application.period_running)}
       where id = ${applicationId}`);
    await recordHistory(tx, {
      groupId,
      kind: 'accepted',
      actorId: leaderId,
      subjectId: application.user_id,
      tradeId: application.trade_id,
      message,
    });
    await notify(tx, ctx, {
      userId: application.user_id,
      kind: 'group_application',
      ...notificationTexts.applicationAccepted(group.name, message),
      link: '/mon-groupe',
      mail: (to, unsubscribe) =>
        groupApplicationDecisionMail(ctx.mailContext, {
          to,
          group,
          accepted: true,
          tradeLabel: application.trade_label,
          message,
          unsubscribe,
        }),
    });
  });
  ctx.mailer.wake();
  return getApplication(ctx.db, leaderId, applicationId, groupId);
}

/** POST .../applications/:applicationId/refuse (leaders): a pending application, with a message. */
export async function refuseApplication(
  ctx: AppContext,
  leaderId: string,
  groupId: string,
  applicationId: string,
  input: { message: string },
): Promise<Application> {
  await ctx.db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const application = await lockApplication(tx, groupId, applicationId, 'update');
    if (application.status !== 'pending') throw new AppError('APPLICATION_CLOSED');
    await tx.execute(sql`
      update group_applications
         set status = 'refused', decided_by = ${leaderId}, decided_at = now(), decision_message = ${input.message}
       where id = ${applicationId}`);
    await recordHistory(tx, {
      groupId,
      kind: 'refused',
      actorId: leaderId,
      subjectId: application.user_id,
      tradeId: application.trade_id,
      message: input.message,
    });
    const group = await groupOf(tx, groupId);
    await notify(tx, ctx, {
      userId: application.user_id,
      kind: 'group_application',
      ...notificationTexts.applicationDeclined(group.name, input.message),
      link: `/groupes/${encodeURIComponent(group.slug)}`,
      mail: (to, unsubscribe) =>
        groupApplicationDecisionMail(ctx.mailContext, {
          to,
          group,
          accepted: false,
          tradeLabel: application.trade_label,
          message: input.message,
          unsubscribe,
        }),
    });
  });
  ctx.mailer.wake();
  return getApplication(ctx.db, leaderId, applicationId, groupId);
}
