import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../src/db/client';
import { commissions, invoices } from '../../src/db/schema';

/**
 * A payable commission line of `cents` for the sponsor in a statement month (already due): the
 * membership payment it comes from, then the line, as a referred member's payment leaves them.
 */
export async function commissionLine(
  db: DbOrTx,
  sponsorId: string,
  month: string,
  cents: number,
  kind: 'first' | 'renewal' = 'first',
  referredId: string | null = null,
) {
  const paidAt = new Date(`${month}-01T10:00:00Z`);
  const [invoice] = await db
    .insert(invoices)
    .values({
      provider: 'demo',
      providerInvoiceId: `in_${randomUUID()}`,
      userId: null,
      planId: 'monthly',
      amountCents: 9900,
      amountExclVatCents: 8250,
      vatCents: 1650,
      kind,
      paidAt,
    })
    .returning();
  if (!invoice) throw new Error('no invoice');
  const [row] = await db
    .insert(commissions)
    .values({
      sponsorId,
      referredId,
      invoiceId: invoice.id,
      kind,
      rateBps: 1000,
      amountCents: cents,
      status: 'pending',
      payableAt: new Date(`${month}-02T10:00:00Z`),
      statementMonth: month,
    })
    .returning();
  if (!row) throw new Error('no line');
  return row;
}
