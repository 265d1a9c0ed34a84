import { toIsoDateTime } from '@synergie/shared';
import { type EinvoiceStatus, einvoicingMessages, lifecycleLabel } from '@synergie/shared/einvoicing';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { einvoiceDeposits } from '../../db/schema';

type DepositRow = Pick<
  typeof einvoiceDeposits.$inferSelect,
  | 'documentId'
  | 'status'
  | 'lastError'
  | 'lifecycle'
  | 'lifecycleCode'
  | 'lifecycleAt'
  | 'lifecycleReason'
  | 'createdAt'
>;

/** A deposit as the member and the admin read it: its last status, its steps, or why it waits. */
export function einvoiceStatusOf(row: DepositRow): EinvoiceStatus {
  const steps = (row.lifecycle as { code: number; at: string; reason: string | null }[]).map((s) => ({
    code: s.code,
    label: lifecycleLabel(s.code),
    at: toIsoDateTime(new Date(s.at)),
    reason: s.reason,
  }));
  if (row.status === 'failed')
    return { state: 'failed', label: einvoicingMessages.failed, at: null, reason: row.lastError, steps };
  if (row.lifecycleCode === null)
    return {
      state: row.status === 'pending' ? 'waiting' : 'deposited',
      label: row.status === 'pending' ? einvoicingMessages.waiting : lifecycleLabel(200),
      at: null,
      reason: null,
      steps,
    };
  return {
    state: 'deposited',
    label: lifecycleLabel(row.lifecycleCode),
    at: row.lifecycleAt ? toIsoDateTime(row.lifecycleAt) : null,
    reason: row.lifecycleReason,
    steps,
  };
}

/** The platform statuses of a list's documents (one query), by document id. */
export async function einvoiceStatuses(
  db: DbOrTx,
  series: 'membership' | 'self_billing',
  ids: string[],
): Promise<Map<string, EinvoiceStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      documentId: einvoiceDeposits.documentId,
      status: einvoiceDeposits.status,
      lastError: einvoiceDeposits.lastError,
      lifecycle: einvoiceDeposits.lifecycle,
      lifecycleCode: einvoiceDeposits.lifecycleCode,
      lifecycleAt: einvoiceDeposits.lifecycleAt,
      lifecycleReason: einvoiceDeposits.lifecycleReason,
      createdAt: einvoiceDeposits.createdAt,
    })
    .from(einvoiceDeposits)
    .where(and(eq(einvoiceDeposits.series, series), inArray(einvoiceDeposits.documentId, ids)));
  return new Map(rows.map((r) => [r.documentId, einvoiceStatusOf(r)]));
}
