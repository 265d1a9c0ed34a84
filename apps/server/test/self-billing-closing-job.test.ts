import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installation, selfBillingInvoices } from '../src/db/schema';
import { closeMonthOnSchedule, monthClosedKey, previousMonth } from '../src/domain/self-billing';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { commissionLine } from './helpers/commissions';
import { testDbKind } from './helpers/db';

/**
 * The month closing as a job (issue 32): from 06:00 Paris on the 1st, the month before is
 * closed once, whatever the number of instances and ticks; the admin's button is unchanged
 * (self-billing.test.ts).
 */

const t = await createTestApp();
const db = t.database.db;

const line = (sponsorId: string, month: string, cents: number) => commissionLine(db, sponsorId, month, cents);

async function sponsorWithMandate() {
  const member = await signUp(t);
  const res = await member.put('/api/me/self-billing/mandate', {
    legalName: 'Dupont Conseil',
    siren: '732 829 320',
    addressLine: '1 rue de la République',
    postcode: '69001',
    city: 'Lyon',
    vatStatus: 'franchise',
    accepted: true,
  });
  expect(res.statusCode).toBe(200);
  return member;
}

const invoicesOf = (userId: string) =>
  db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.userId, userId));

describe('the month closing job', () => {
  it('knows the month before, across a year', () => {
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-12')).toBe('2026-11');
  });

  it(`closes the month before from 06:00 Paris on the 1st, once on two instances (${testDbKind})`, async () => {
    const sponsor = await sponsorWithMandate();
    await line(sponsor.userId, '2031-02', 1200);
    await line(sponsor.userId, '2031-02', 300);
    // 1 March 2031 05:59 in Paris (UTC+1 in winter): not yet.
    expect(await closeMonthOnSchedule(t.app.ctx, new Date('2031-03-01T04:59:00Z'))).toBe(0);
    expect(await invoicesOf(sponsor.userId)).toHaveLength(0);

    // 06:00: two instances' ticks at once issue one invoice of both lines.
    const at = new Date('2031-03-01T05:00:00Z');
    const issued = await Promise.all([closeMonthOnSchedule(t.app.ctx, at), closeMonthOnSchedule(t.app.ctx, at)]);
    expect(issued.reduce((a, b) => a + b, 0)).toBe(1);
    const [invoice, ...more] = await invoicesOf(sponsor.userId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ month: '2031-02', totalExclVatCents: 1500 });
    const [mark] = await db
      .select()
      .from(installation)
      .where(eq(installation.key, monthClosedKey('2031-02')));
    expect(JSON.parse(mark?.value ?? '{}')).toMatchObject({ invoices: 1 });

    // Later ticks that month do nothing, even for a line that became payable since: it waits for
    // April's closing (or the admin's button), as the statement says.
    await line(sponsor.userId, '2031-02', 700);
    expect(await closeMonthOnSchedule(t.app.ctx, new Date('2031-03-15T10:00:00Z'))).toBe(0);
    expect(await invoicesOf(sponsor.userId)).toHaveLength(1);
    expect(await closeMonthOnSchedule(t.app.ctx, new Date('2031-04-01T04:30:00Z'))).toBe(1);
    expect((await invoicesOf(sponsor.userId)).map((i) => i.totalExclVatCents).sort()).toEqual([1500, 700].sort());
  });
});
