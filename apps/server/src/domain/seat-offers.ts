import type { AppContext } from '../context';
import type { Tx } from '../db/client';

/**
 * Waiting lists and seat offers (network-core §2 "Waiting list"). Owned by the waiting-list part
 * of issue 15; the signatures below are what the rest of the groups area calls.
 */

/**
 * A seat (group, trade) just freed (leaving, removal, lapse) inside `tx`: offers it for 7 days to
 * the first in line, if any, with its mail in the outbox. At most one open offer per seat.
 */
export async function offerFreedSeat(
  _tx: Tx,
  _ctx: Pick<AppContext, 'mailContext'>,
  _seat: { groupId: string; tradeId: string },
): Promise<void> {
  return;
}
