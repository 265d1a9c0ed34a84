import { type LeaderRole, leaderRoleLabel, type TitleForm } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { groupMemberRemovedMail } from '../../mail/group-mails';
import { enqueueMail } from '../../mail/outbox';
import { isAdmin } from '../roles';
import { memberContact, recordHistory } from './group-history';
import { offerFreedSeat } from './seat-offers';
import { lockGroup } from './seats';

/**
 * Leaders, leaving and removal (network-core §2): the roles of a group, a member leaving their
 * group, a leader removing a member. Each locks the group first, as every writer of its seats,
 * and writes the group's history in the same transaction.
 */

/**
 * PUT /api/groups/:groupId/leaders/:role: the group's président or an admin names an active
 * member of the group to a role (else 403 LEADER_NAMING_FORBIDDEN, 404 GROUP_MEMBER_NOT_FOUND),
 * or clears it (null). One holder per role (unique index group_members_one_per_role): the previous
 * holder loses it in the same transaction; a member holds one role, so a vice-président named
 * président leaves the vice-présidence. A président naming another président hands over.
 */
export async function nameLeader(
  ctx: AppContext,
  actorId: string,
  groupId: string,
  role: LeaderRole,
  userId: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const { rows } = await tx.execute<{ president: boolean }>(sql`
      select exists (select 1 from group_members where group_id = ${groupId} and user_id = ${actorId}
                        and status = 'active' and role = 'president') as president`);
    if (!rows[0]?.president && !(await isAdmin(tx, actorId))) throw new AppError('LEADER_NAMING_FORBIDDEN');
    // The history names the role as its holder reads it (issue 31: `Présidente`).
    const label = (form: TitleForm | null) => leaderRoleLabel(role, form ?? 'masculine');
    type Holder = { user_id: string; trade_id: string; title_form: TitleForm | null };
    const clearRole = () =>
      tx.execute<Holder>(sql`
        update group_members set role = null
         where group_id = ${groupId} and role = ${role} and status = 'active'
        returning user_id, trade_id,
                  (select p.title_form from profiles p where p.user_id = group_members.user_id) as title_form`);
    if (userId === null) {
      const cleared = await clearRole();
      for (const holder of cleared.rows) {
        await recordHistory(tx, {
          groupId,
          kind: 'role_cleared',
          actorId,
          subjectId: holder.user_id,
          tradeId: holder.trade_id,
          message: label(holder.title_form),
        });
      }
      return;
    }
    const target = await tx.execute<{ trade_id: string; role: LeaderRole | null; title_form: TitleForm | null }>(sql`
      select gm.trade_id, gm.role, p.title_form from group_members gm
        left join profiles p on p.user_id = gm.user_id
       where gm.group_id = ${groupId} and gm.user_id = ${userId} and gm.status = 'active'`);
    const member = target.rows[0];
    if (!member) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    if (member.role === role) return;
    const previous = await clearRole();
    await tx.execute(sql`
      update group_members set role = ${role}
       where group_id = ${groupId} and user_id = ${userId} and status = 'active'`);
    for (const holder of previous.rows) {
      await recordHistory(tx, {
        groupId,
        kind: 'role_cleared',
        actorId,
        subjectId: holder.user_id,
        tradeId: holder.trade_id,
        message: label(holder.title_form),
      });
    }
    await recordHistory(tx, {
      groupId,
      kind: 'role_named',
      actorId,
      subjectId: userId,
      tradeId: member.trade_id,
      message: label(member.title_form),
    });
  });
}

/**
 * Ends an active membership inside `tx` (the group already locked): status, date, reason, who
 * ended it, role cleared; the history keeps the reason and the freed seat goes to the waiting
 * list (offerFreedSeat) in the same transaction. Undefined when there was no such membership.
 */
async function endMembership(
  tx: Tx,
  ctx: AppContext,
  end: { groupId: string; userId: string; actorId: string; status: 'left' | 'removed'; reason: string },
): Promise<{ tradeId: string } | undefined> {
  const { rows } = await tx.execute<{ trade_id: string }>(sql`
    update group_members
       set status = ${end.status}, ended_at = now(), end_reason = ${end.reason}, ended_by = ${end.actorId}, role = null
     where group_id = ${end.groupId} and user_id = ${end.userId} and status = 'active'
    returning trade_id`);
  const ended = rows[0];
  if (!ended) return undefined;
  await recordHistory(tx, {
    groupId: end.groupId,
    kind: end.status,
    actorId: end.actorId,
    subjectId: end.userId,
    tradeId: ended.trade_id,
    message: end.reason,
  });
  await offerFreedSeat(tx, ctx, { groupId: end.groupId, tradeId: ended.trade_id });
  return { tradeId: ended.trade_id };
}

/** POST /api/me/group/leave: the member leaves their group with a reason; 409 NOT_IN_GROUP. */
export async function leaveGroup(ctx: AppContext, userId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ group_id: string }>(sql`
      select group_id from group_members where user_id = ${userId} and status = 'active'`);
    const membership = rows[0];
    if (!membership) throw new AppError('NOT_IN_GROUP');
    await lockGroup(tx, membership.group_id);
    // Read again under the lock: a removal may have come first.
    const ended = await endMembership(tx, ctx, {
      groupId: membership.group_id,
      userId,
      actorId: userId,
      status: 'left',
      reason,
    });
    if (!ended) throw new AppError('NOT_IN_GROUP');
  });
  ctx.mailer.wake();
}

/**
 * POST /api/groups/:groupId/members/:userId/remove (leaders): the member leaves the group with
 * the leader's reason, and is told by email. A leader leaves through /me/group/leave instead
 * (400 SELF_REMOVAL); 404 GROUP_MEMBER_NOT_FOUND for anyone not an active member of this group.
 */
export async function removeMember(
  ctx: AppContext,
  leaderId: string,
  groupId: string,
  userId: string,
  reason: string,
): Promise<void> {
  if (userId === leaderId) throw new AppError('SELF_REMOVAL');
  await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    const ended = await endMembership(tx, ctx, { groupId, userId, actorId: leaderId, status: 'removed', reason });
    if (!ended) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    const member = await memberContact(tx, userId);
    if (member) await enqueueMail(tx, groupMemberRemovedMail(ctx.mailContext, { to: member.email, group, reason }));
  });
  ctx.mailer.wake();
}
