import type { CommissionOptOut } from '@synergie/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { commissionOptOuts } from '../db/schema';

/**
 * `Je renonce aux commissions` (network-core §1): members of regulated trades (avocat, notaire,
 * médecin...) see that their ethics rules may forbid a fee for bringing business and may opt
 * out; while they are out, onInvoicePaid (domain/commissions.ts) records no line for them.
 */

/** Whether the sponsor renounced commissions (read in the payment's transaction). */
export async function hasOptedOutOfCommissions(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: commissionOptOuts.userId })
    .from(commissionOptOuts)
    .where(eq(commissionOptOuts.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The member's trade flag and choice, in one query. */
export async function getCommissionOptOut(db: DbOrTx, userId: string): Promise<CommissionOptOut> {
  const { rows } = await db.execute<{ regulated: boolean | null; opted_out: boolean }>(sql`
    select (select t.regulated from profiles p join trades t on t.id = p.trade_id where p.user_id = ${userId}) as regulated,
           exists (select 1 from commission_opt_outs o where o.user_id = ${userId}) as opted_out`);
  const row = rows[0];
  return { regulated: row?.regulated === true, optedOut: row?.opted_out === true };
}

/** Opts out (idempotent) or back in. Future payments only: lines already recorded stay. */
export async function setCommissionOptOut(db: DbOrTx, userId: string, optedOut: boolean) {
  if (optedOut) await db.insert(commissionOptOuts).values({ userId }).onConflictDoNothing();
  else await db.delete(commissionOptOuts).where(eq(commissionOptOuts.userId, userId));
  return getCommissionOptOut(db, userId);
}
