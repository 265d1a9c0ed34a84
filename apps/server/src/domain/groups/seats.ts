import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';

/**
 * Locks the group's row until the end of the transaction: every writer of a group's seats, of its
 * applications and of its waiting lines (acceptance, refusal, objection, withdrawal, offer taken,
 * removal, leaving) takes it first, so they queue in one order and the member-count trigger's
 * UPDATE never waits on a writer that waits on us. FOR NO KEY UPDATE: two writers still exclude
 * each other, but the key-share lock a foreign key check takes (a group_history or application
 * row naming the group, in another transaction) is not blocked by it. 404 for an unknown group.
 */
export async function lockGroup(tx: Tx, groupId: string): Promise<{ id: string; name: string; slug: string }> {
  const { rows } = await tx.execute<{ id: string; name: string; slug: string }>(
    sql`select id, name, slug from groups where id = ${groupId} for no key update`,
  );
  const group = rows[0];
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  return group;
}

/**
 * Puts a member on a seat: the database decides (network-core §2). A savepoint keeps the caller's
 * transaction usable, and the constraint that refused names the French answer:
 * - group_members_one_per_seat → 409 'Ce métier est déjà représenté dans ce groupe.'
 * - group_members_one_home_group → 409 ALREADY_IN_GROUP
 * - groups_member_limit (the count trigger's check, 51st member) → 409 GROUP_FULL
 * The caller holds the group's lock (lockGroup) first; the member's profile must still name the
 * seat's trade (409 TRADE_CHANGED otherwise).
 */
export async function takeSeat(
  tx: Tx,
  seat: { groupId: string; userId: string; tradeId: string },
): Promise<{ membershipId: string }> {
  // The member's trade, locked until the end of the transaction: a profile saved at the same
  // moment (domain/profile.ts locks the row before it checks for a seat) waits for the seat, then
  // finds it and refuses the change; and a trade changed since the application or the waiting
  // list is not seated on the old one.
  const { rows: profile } = await tx.execute<{ trade_id: string | null }>(
    sql`select trade_id from profiles where user_id = ${seat.userId} for share`,
  );
  if (profile[0]?.trade_id !== seat.tradeId) throw new AppError('TRADE_CHANGED');
  try {
    const { rows } = await tx.transaction(async (savepoint) =>
      savepoint.execute<{ id: string }>(sql`
        insert into group_members (group_id, user_id, trade_id)
        values (${seat.groupId}, ${seat.userId}, ${seat.tradeId})
        returning id`),
    );
    return { membershipId: (rows[0] as { id: string }).id };
  } catch (error) {
    throw seatError(error) ?? error;
  }
}

/** The French answer for a refusal of the seat rules, or undefined for any other error. */
export function seatError(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  if (code === '23505' && constraint === 'group_members_one_per_seat') return new AppError('SEAT_TAKEN');
  if (code === '23505' && constraint === 'group_members_one_home_group') return new AppError('ALREADY_IN_GROUP');
  if (code === '23514' && constraint === 'groups_member_limit') return new AppError('GROUP_FULL');
  return undefined;
}
