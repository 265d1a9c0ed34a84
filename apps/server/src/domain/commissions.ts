import type { Tx } from '../db/client';

/**
 * The referral ledger's entry points, called by the billing domain in the transaction that
 * records a collected payment or its refund. (Being implemented: see issue 4.)
 */
export async function onInvoicePaid(_tx: Tx, _invoice: { id: string }): Promise<void> {}

export async function onInvoiceRefunded(_tx: Tx, _invoice: { id: string }): Promise<void> {}
