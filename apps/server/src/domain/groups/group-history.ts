import { type GroupHistoryKind, MEMBERSHIP_END_KINDS } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { onceKey, queueWebhookEvent } from '../webhooks/events';

/**
 * One line of a group's history (the leaders' page): who did what to whom, on which seat, with
 * the reason or message. The subject's name is stored too, so the line still reads after their
 * account is deleted.
 */
export async function recordHistory(
  tx: DbOrTx,
  entry: {
    groupId: string;
    kind: GroupHistoryKind;
    actorId: string | null;
    subjectId?: string | null;
    tradeId?: string | null;
    message?: string | null;
  },
): Promise<void> {
  const subjectId = entry.subjectId ?? null;
  await tx.execute(sql`
    insert into group_history (group_id, kind, actor_id, subject_id, subject_name, trade_id, message)
    values (${entry.groupId}, ${entry.kind}, ${entry.actorId}, ${subjectId},
            (select ${displayName()}
               from "user" u left join profiles p on p.user_id = u.id where u.id = ${subjectId}),
            ${entry.tradeId ?? null}, ${entry.message ?? null})`);
  await tellMembershipWebhooks(tx, { ...entry, subjectId });
}

/**
 * A seat taken or left is told to the admins' webhooks (issue 33), in the change's transaction:
 * every way in or out of a group writes its history line through here (recordHistory, and the
 * waiting list's own lines in seat-offers.ts).
 */
export async function tellMembershipWebhooks(
  tx: DbOrTx,
  entry: { groupId: string; kind: string; subjectId: string | null; tradeId?: string | null },
): Promise<void> {
  const joined = entry.kind === 'accepted' || entry.kind === 'joined_from_waitlist' || entry.kind === 'imported';
  const left = (MEMBERSHIP_END_KINDS as readonly string[]).includes(entry.kind);
  if (!entry.subjectId || !(joined || left)) return;
  await queueWebhookEvent(tx, {
    type: joined ? 'member.joined' : 'member.left',
    key: onceKey(),
    data: { groupId: entry.groupId, userId: entry.subjectId, tradeId: entry.tradeId ?? null, reason: entry.kind },
  });
}

/**
 * Who hears of a group's applications and objections: its leaders; for a group that has none yet
 * (a group in formation, before an admin names its président), the admins, who lead every group.
 */
export async function groupLeaderIds(tx: DbOrTx, groupId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    with leaders as (
      select gm.user_id from group_members gm
       where gm.group_id = ${groupId} and gm.status = 'active' and gm.role is not null
    )
    select user_id from leaders
    union all
    select r.user_id from user_roles r join "user" u on u.id = r.user_id
     where r.role = 'admin' and not exists (select 1 from leaders)`);
  return [...new Set(rows.map((r) => r.user_id))];
}

/** A member's display name and email, for mails. */
export async function memberContact(tx: DbOrTx, userId: string): Promise<{ name: string; email: string } | undefined> {
  const { rows } = await tx.execute<{ name: string; email: string }>(sql`
    select ${displayName()} as name, u.email
      from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`);
  return rows[0];
}
