import { randomUUID } from 'node:crypto';
import type { MyReturn } from '@synergie/shared';
import { describe, expect, it } from 'vitest';
import { invoices, profiles, recommendations, user } from '../src/db/schema';
import { breakEvenMonth, lastParisMonths, parisMonthOf } from '../src/domain/member-return';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { catalogue } from './helpers/groups';

const t = await createTestApp();
const db = t.database.db;
const trades = await catalogue(db);

describe('Paris months', () => {
  it('counts a month in Paris, across daylight saving time and the new year', () => {
    expect(parisMonthOf('2026-03-31T22:30:00Z')).toBe('2026-04'); // 00:30 summer time
    expect(parisMonthOf('2026-03-31T21:30:00Z')).toBe('2026-03');
    expect(parisMonthOf('2026-10-31T23:30:00Z')).toBe('2026-11'); // 00:30 winter time
    expect(parisMonthOf('2026-10-31T22:30:00Z')).toBe('2026-10');
    expect(parisMonthOf('2026-12-31T23:30:00Z')).toBe('2027-01');
    expect(lastParisMonths(new Date('2026-12-31T23:30:00Z'), 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(lastParisMonths(new Date('2026-02-10T12:00:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('reaches break-even the first month the cumulated business covers the cumulated fee (HT)', () => {
    const m = (month: string, receivedCents: number, paidExclVatCents: number) => ({
      month,
      receivedCents,
      paidExclVatCents,
    });
    // Cumulated: 0 / 82,50 €, 100 € / 165 €, 200 € / 247,50 €: never reached.
    expect(breakEvenMonth([m('2026-01', 0, 8250), m('2026-02', 10_000, 8250), m('2026-03', 10_000, 8250)])).toBeNull();
    // 200 € / 165 € in February: reached then.
    expect(breakEvenMonth([m('2026-01', 0, 8250), m('2026-02', 20_000, 8250)])).toBe('2026-02');
    // Nothing paid (a trial) and nothing received: not reached; some business with nothing paid: reached.
    expect(breakEvenMonth([m('2026-01', 0, 0), m('2026-02', 0, 0)])).toBeNull();
    expect(breakEvenMonth([m('2026-01', 0, 0), m('2026-02', 5_000, 0)])).toBe('2026-02');
  });
});

async function insertMember(fullName: string, tradeIndex: number) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: fullName, email: `${id}@exemple.test`, emailVerified: true });
  await db.insert(profiles).values({ userId: id, fullName, tradeId: trades[tradeIndex]?.id });
  return id;
}

describe('GET /api/me/return', () => {
  it('refuses a visitor', async () => {
    expect((await client(t).get('/api/me/return')).statusCode).toBe(401);
  });

  it('counts each figure as its definition says, against a hand-counted fixture', async () => {
    const me = await signUp(t, { name: 'Julie Retour' });
    const months = lastParisMonths(new Date(), 12);
    const mid = (i: number) => new Date(`${months[i]}-15T12:00:00Z`);
    const [m9, m10, m11] = [mid(9), mid(10), mid(11)];
    const anna = await insertMember('Anna Plombière', 0);
    const bruno = await insertMember('Bruno Notaire', 1);
    const won = (
      giverId: string,
      receiverId: string,
      amountCents: number,
      status: string,
      answeredAt: Date | null,
    ) => ({
      giverId,
      receiverId,
      kind: 'for_you',
      heat: 3,
      status: 'won',
      amountCents,
      businessStatus: status,
      businessDeclaredAt: answeredAt ?? new Date(),
      businessAnsweredAt: answeredAt,
    });
    await db.insert(recommendations).values([
      // Received and confirmed: 1 200 € (Anna, month 10) and 300 € (Bruno, month 11); one older
      // than 12 months is left out.
      won(anna, me.userId, 120_000, 'confirmed', m10),
      won(bruno, me.userId, 30_000, 'confirmed', m11),
      won(bruno, me.userId, 99_999, 'confirmed', new Date(Date.now() - 400 * 86_400_000)),
      // Declared, not confirmed: 500 € waiting and 200 € disputed.
      won(anna, me.userId, 50_000, 'declared', null),
      won(bruno, me.userId, 20_000, 'disputed', m11),
      // Given, confirmed by me: 400 € in month 11; a declaration I have not answered is not counted.
      won(me.userId, anna, 40_000, 'confirmed', m11),
      won(me.userId, bruno, 70_000, 'declared', null),
    ]);
    await db.insert(recommendations).values([
      {
        giverId: anna,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 2,
        status: 'lost',
        lostReason: 'Devis trop cher',
        statusChangedAt: m11,
      },
      { giverId: bruno, receiverId: me.userId, kind: 'for_you', heat: 2, status: 'lost', statusChangedAt: m9 },
      {
        giverId: bruno,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 2,
        status: 'lost',
        lostReason: 'Trop ancien',
        statusChangedAt: new Date(Date.now() - 400 * 86_400_000),
      },
    ]);
    // Three payments of 99 € (82,50 € HT) in months 9, 10 and 11; one refunded in month 8.
    const invoice = (paidAt: Date, status = 'paid') => ({
      provider: 'demo',
      providerInvoiceId: randomUUID(),
      userId: me.userId,
      planId: 'monthly',
      amountCents: 9900,
      amountExclVatCents: 8250,
      vatCents: 1650,
      kind: 'renewal',
      status,
      paidAt,
    });
    await db.insert(invoices).values([invoice(m9), invoice(m10), invoice(m11), invoice(mid(8), 'refunded')]);

    const res = await me.get('/api/me/return');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MyReturn;
    expect(body.months.map((m) => m.month)).toEqual(months);
    expect(body.months.slice(8)).toEqual([
      { month: months[8], receivedCents: 0, givenCents: 0, paidCents: 0, paidExclVatCents: 0 },
      { month: months[9], receivedCents: 0, givenCents: 0, paidCents: 9900, paidExclVatCents: 8250 },
      { month: months[10], receivedCents: 120_000, givenCents: 0, paidCents: 9900, paidExclVatCents: 8250 },
      { month: months[11], receivedCents: 30_000, givenCents: 40_000, paidCents: 9900, paidExclVatCents: 8250 },
    ]);
    expect(body.totals).toEqual({
      receivedCents: 150_000,
      givenCents: 40_000,
      paidCents: 29_700,
      paidExclVatCents: 24_750,
    });
    // Month 9: 0 against 82,50 €; month 10: 1 200 € against 165 €: reached.
    expect(body.breakEvenMonth).toBe(months[10]);
    expect(body.byMember).toEqual([
      { label: 'Anna Plombière', amountCents: 120_000, count: 1 },
      { label: 'Bruno Notaire', amountCents: 30_000, count: 1 },
    ]);
    expect(body.byTrade.map((s) => [s.label, s.amountCents])).toEqual([
      [trades[0]?.label, 120_000],
      [trades[1]?.label, 30_000],
    ]);
    expect(body.declared).toEqual({ count: 2, amountCents: 70_000 });
    expect(body.lost.map((l) => l.reason)).toEqual(['Devis trop cher', null]);
  });

  it('gives a member with nothing twelve empty months and no break-even', async () => {
    const me = await signUp(t);
    const body = (await me.get('/api/me/return')).json() as MyReturn;
    expect(body.months).toHaveLength(12);
    expect(body.totals).toEqual({ receivedCents: 0, givenCents: 0, paidCents: 0, paidExclVatCents: 0 });
    expect(body.breakEvenMonth).toBeNull();
    expect(body.byMember).toEqual([]);
  });
});
