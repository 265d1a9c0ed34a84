import { randomUUID } from 'node:crypto';
import { excludingVatCents, REFERRAL_COOKIE } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissions, invoices, profiles, subscriptions, user } from '../src/db/schema';
import {
  COMMISSION_RATES_BPS,
  commissionCents,
  csvEuros,
  onInvoicePaid,
  onInvoiceRefunded,
  statementMonthOf,
} from '../src/domain/commissions';
import { ensureReferralCode, recordSponsor } from '../src/domain/referral';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

const t = await createTestApp({ env: { ADMIN_EMAILS: 'tresorier@synergie.test,tresorier.reports@synergie.test' } });
const db = t.database.db;

type Member = Awaited<ReturnType<typeof signUp>>;

async function subscribe(userId: string, status = 'active') {
  await db
    .insert(subscriptions)
    .values({ userId, provider: 'demo', planId: 'monthly', status, providerUpdatedAt: new Date() })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { status } });
}

async function sponsored(sponsor: Member): Promise<Member> {
  const member = await signUp(t);
  await db.update(profiles).set({ sponsorId: sponsor.userId }).where(eq(profiles.userId, member.userId));
  return member;
}

async function pay(userId: string, opts: { ttc?: number; kind?: 'first' | 'renewal'; paidAt?: Date; plan?: string }) {
  const ttc = opts.ttc ?? 9900;
  const excl = excludingVatCents(ttc);
  const [row] = await db
    .insert(invoices)
    .values({
      provider: 'demo',
      providerInvoiceId: `in_${randomUUID()}`,
      userId,
      planId: opts.plan ?? 'monthly',
      amountCents: ttc,
      amountExclVatCents: excl,
      vatCents: ttc - excl,
      kind: opts.kind ?? 'first',
      paidAt: opts.paidAt ?? new Date('2026-01-05T10:00:00Z'),
    })
    .returning();
  if (!row) throw new Error('no invoice');
  await db.transaction((tx) => onInvoicePaid(tx, { id: row.id }));
  return row;
}

async function refund(invoiceId: string, refundedAt: Date) {
  await db.transaction(async (tx) => {
    await tx.update(invoices).set({ status: 'refunded', refundedAt }).where(eq(invoices.id, invoiceId));
    await onInvoiceRefunded(tx, { id: invoiceId });
  });
}

const linesOf = (invoiceId: string) => db.select().from(commissions).where(eq(commissions.invoiceId, invoiceId));

describe('commission arithmetic (integer cents, half up)', () => {
  it.each([
    { label: '99 € TTC mensuel, première', ttc: 9900, excl: 8250, kind: 'first', expected: 825 },
    { label: '99 € TTC mensuel, renouvellement', ttc: 9900, excl: 8250, kind: 'renewal', expected: 413 },
    { label: '1000 € TTC annuel, première', ttc: 100_000, excl: 83_333, kind: 'first', expected: 8333 },
    { label: '1000 € TTC annuel, renouvellement', ttc: 100_000, excl: 83_333, kind: 'renewal', expected: 4167 },
    { label: 'petit montant', ttc: 12, excl: 10, kind: 'renewal', expected: 1 },
    { label: 'zéro', ttc: 0, excl: 0, kind: 'first', expected: 0 },
  ] as const)('$label', ({ ttc, excl, kind, expected }) => {
    expect(excludingVatCents(ttc)).toBe(excl);
    expect(commissionCents(excl, COMMISSION_RATES_BPS[kind])).toBe(expected);
  });

  it('uses the shared rates: 1000 and 500 basis points', () => {
    expect(COMMISSION_RATES_BPS).toEqual({ first: 1000, renewal: 500 });
  });

  it('groups by the Paris month and formats euros with a comma', () => {
    expect(statementMonthOf(new Date('2026-01-31T22:30:00Z'))).toBe('2026-01');
    expect(statementMonthOf(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
    expect(statementMonthOf(new Date('2026-07-31T22:30:00Z'))).toBe('2026-08');
    expect(csvEuros(825)).toBe('8,25');
    expect(csvEuros(-413)).toBe('-4,13');
    expect(csvEuros(5)).toBe('0,05');
    expect(csvEuros(123_456)).toBe('1234,56');
  });
});

describe('ledger', () => {
  it('records 10 % then 5 %, payable 15 days later, and negative reversals', async () => {
    const sponsor = await signUp(t);
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    const first = await pay(member.userId, { kind: 'first', paidAt: new Date('2026-01-05T10:00:00Z') });
    const renewal = await pay(member.userId, { kind: 'renewal', paidAt: new Date('2026-02-05T10:00:00Z') });
    const annual = await pay(member.userId, {
      kind: 'renewal',
      ttc: 100_000,
      plan: 'annual',
      paidAt: new Date('2026-03-05T10:00:00Z'),
    });
    const [a] = await linesOf(first.id);
    const [b] = await linesOf(renewal.id);
    const [c] = await linesOf(annual.id);
    expect(a).toMatchObject({ sponsorId: sponsor.userId, referredId: member.userId, kind: 'first', rateBps: 1000 });
    expect(a?.amountCents).toBe(825);
    expect(a?.payableAt.toISOString()).toBe('2026-01-20T10:00:00.000Z');
    expect(a?.statementMonth).toBe('2026-01');
    expect(b).toMatchObject({ kind: 'renewal', rateBps: 500, amountCents: 413, statementMonth: '2026-02' });
    expect(c).toMatchObject({ amountCents: 4167, statementMonth: '2026-03' });

    await refund(renewal.id, new Date('2026-03-10T09:00:00Z'));
    const reversal = (await linesOf(renewal.id)).find((l) => l.kind === 'reversal');
    expect(reversal).toMatchObject({ amountCents: -413, statementMonth: '2026-03', sponsorId: sponsor.userId });
  });

  it('a refund before the commission falls due cancels it in the same statement', async () => {
    const sponsor = await signUp(t);
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    const invoice = await pay(member.userId, { paidAt: new Date('2026-04-25T10:00:00Z') }); // due 10 May
    await refund(invoice.id, new Date('2026-04-28T10:00:00Z'));
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => [l.kind, l.amountCents, l.statementMonth]).sort()).toEqual([
      ['first', 825, '2026-05'],
      ['reversal', -825, '2026-05'],
    ]);
    expect(new Set(lines.map((l) => l.payableAt.toISOString()))).toEqual(new Set(['2026-05-10T10:00:00.000Z']));
  });

  it('crosses into the next month in Paris time', async () => {
    const sponsor = await signUp(t);
    await subscribe(sponsor.userId, 'trialing');
    const member = await sponsored(sponsor);
    // Payable 2026-01-31T23:30Z = 1 February 00:30 in Paris.
    const invoice = await pay(member.userId, { paidAt: new Date('2026-01-16T23:30:00Z') });
    const [line] = await linesOf(invoice.id);
    expect(line?.statementMonth).toBe('2026-02');
  });

  it('pays nothing when the sponsor is not subscribed, or when there is no sponsor', async () => {
    const sponsor = await signUp(t);
    const member = await sponsored(sponsor);
    expect(await linesOf((await pay(member.userId, {})).id)).toHaveLength(0);
    await subscribe(sponsor.userId, 'canceled');
    expect(await linesOf((await pay(member.userId, { kind: 'renewal' })).id)).toHaveLength(0);
    await subscribe(sponsor.userId, 'past_due');
    expect(await linesOf((await pay(member.userId, { kind: 'renewal' })).id)).toHaveLength(0);
    const alone = await signUp(t);
    const invoice = await pay(alone.userId, {});
    expect(await linesOf(invoice.id)).toHaveLength(0);
    // A refund of a payment that earned nothing adds nothing.
    await refund(invoice.id, new Date('2026-01-10T00:00:00Z'));
    expect(await linesOf(invoice.id)).toHaveLength(0);
  });

  it('is idempotent: the same invoice or refund twice gives one line each', async () => {
    const sponsor = await signUp(t);
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    const invoice = await pay(member.userId, {});
    await db.transaction((tx) => onInvoicePaid(tx, { id: invoice.id }));
    await db.transaction((tx) => onInvoicePaid(tx, { id: invoice.id }));
    expect(await linesOf(invoice.id)).toHaveLength(1);
    await refund(invoice.id, new Date('2026-02-01T12:00:00Z'));
    await refund(invoice.id, new Date('2026-02-01T12:00:00Z'));
    const lines = await linesOf(invoice.id);
    expect(lines).toHaveLength(2);
    expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(0);
  });
});

describe('referral codes and sign-up', () => {
  it('gives every new member a readable 8-character code, and creates one lazily', async () => {
    const member = await signUp(t);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.referralCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    await db.update(profiles).set({ referralCode: null }).where(eq(profiles.userId, member.userId));
    const res = await member.get('/api/me/referral');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.link).toBe(`http://localhost:3000/r/${body.code}`);
    expect(body.totals).toEqual({ pendingCents: 0, payableCents: 0, paidCents: 0 });
    expect(await ensureReferralCode(db, member.userId)).toBe(body.code);
  });

  it('/r/:code remembers the code 30 days and the sponsor is recorded at sign-up', async () => {
    const sponsor = await signUp(t, { name: 'Paul Parrain' });
    const code = await ensureReferralCode(db, sponsor.userId);
    const visitor = client(t, '10.9.0.1');
    const visit = await visitor.get(`/r/${code.toLowerCase()}`);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/');
    const cookie = String(visit.headers['set-cookie']);
    expect(cookie).toContain(`${REFERRAL_COOKIE}=${code}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Max-Age=2592000');

    const email = `filleule.${Date.now()}@exemple.fr`;
    const res = await visitor.post('/api/auth/sign-up/email', {
      name: 'Fanny Filleule',
      email,
      password: 'Motdepasse1',
    });
    expect(res.statusCode).toBe(200);
    const [created] = await db.select().from(user).where(eq(user.email, email));
    const newId = created?.id as string;
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, newId));
    expect(profile?.sponsorId).toBe(sponsor.userId);
    // The cookie is cleared once used.
    expect(visitor.jar.has(REFERRAL_COOKIE)).toBe(false);

    const mine = (await sponsor.get('/api/me/referral')).json();
    expect(mine.referrals).toEqual([expect.objectContaining({ name: 'Fanny Filleule', subscribed: false })]);
  });

  it('an unknown code redirects without a cookie; sign-up without a cookie has no sponsor', async () => {
    const visitor = client(t, '10.9.0.2');
    for (const url of ['/r/ZZZZZZZZ', '/r/pas-un-code', '/r/%3Cscript%3E']) {
      const res = await visitor.get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const member = await signUp(t);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.sponsorId).toBeNull();
  });

  it('never lets a member sponsor themself, nor replaces a recorded sponsor', async () => {
    const member = await signUp(t);
    const code = await ensureReferralCode(db, member.userId);
    expect(await recordSponsor(db, member.userId, code)).toBeNull();
    const other = await signUp(t);
    const third = await signUp(t);
    expect(await recordSponsor(db, member.userId, await ensureReferralCode(db, other.userId))).toBe(other.userId);
    expect(await recordSponsor(db, member.userId, await ensureReferralCode(db, third.userId))).toBeNull();
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.sponsorId).toBe(other.userId);
  });
});

describe('member and admin routes', () => {
  it('shows the member pending, payable and paid totals', async () => {
    const sponsor = await signUp(t);
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    await subscribe(member.userId);
    await pay(member.userId, { paidAt: new Date('2025-12-01T10:00:00Z') }); // payable: 825
    await pay(member.userId, { kind: 'renewal', paidAt: new Date() }); // pending: 413
    const body = (await sponsor.get('/api/me/referral')).json();
    expect(body.totals).toEqual({ pendingCents: 413, payableCents: 825, paidCents: 0 });
    expect(body.lines).toHaveLength(2);
    expect(body.referrals[0].subscribed).toBe(true);
    expect((await client(t).get('/api/me/referral')).statusCode).toBe(401);
  });

  it('admin ledger, mark paid, a refund after payout in the next statement, and the CSV', async () => {
    const admin = await signUp(t, { email: 'tresorier@synergie.test' });
    const outsider = await signUp(t);
    const anonymous = client(t);
    for (const [method, url] of [
      ['get', '/api/admin/commissions?month=2025-06'],
      ['post', '/api/admin/commissions/2025-06/mark-paid'],
      ['get', '/api/admin/commissions/2025-06.csv'],
    ] as const) {
      expect((await anonymous[method](url)).statusCode).toBe(401);
      expect((await outsider[method](url)).statusCode).toBe(403);
    }
    expect((await admin.get('/api/admin/commissions?month=2025-13')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/commissions')).statusCode).toBe(400);
    expect((await admin.post('/api/admin/commissions/juin/mark-paid')).statusCode).toBe(400);

    const sponsor = await signUp(t, { name: 'Zoé; "Durand"' });
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    const invoice = await pay(member.userId, { paidAt: new Date('2025-06-01T10:00:00Z') }); // 2025-06, 825
    await pay(member.userId, { kind: 'renewal', ttc: 100_000, paidAt: new Date('2025-06-02T10:00:00Z') }); // 4167

    const ledger = (await admin.get('/api/admin/commissions?month=2025-06')).json();
    expect(ledger.lines).toHaveLength(2);
    const mine = ledger.sponsors.find((s: { sponsorId: string }) => s.sponsorId === sponsor.userId);
    expect(mine).toMatchObject({ lineCount: 2, totalCents: 4992, totals: { payableCents: 4992 } });

    // A payout is a self-billed invoice: it waits for the sponsor's mandate.
    expect((await admin.post('/api/admin/commissions/2025-06/mark-paid')).json().marked).toBe(0);
    const mandate = await sponsor.put('/api/me/self-billing/mandate', {
      legalName: 'Zoé Durand EI',
      siren: '732829320',
      addressLine: '1 rue de la Paix',
      postcode: '75002',
      city: 'Paris',
      vatStatus: 'franchise',
      accepted: true,
    });
    expect(mandate.statusCode).toBe(200);
    const marked = await admin.post('/api/admin/commissions/2025-06/mark-paid');
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ month: '2025-06', marked: 2 });
    expect((await admin.post('/api/admin/commissions/2025-06/mark-paid')).json().marked).toBe(0);

    // Refunded in the month already paid out: the reversal goes to the next statement.
    await refund(invoice.id, new Date('2025-06-20T10:00:00Z'));
    const [reversal] = await db
      .select()
      .from(commissions)
      .where(and(eq(commissions.invoiceId, invoice.id), eq(commissions.kind, 'reversal')));
    expect(reversal).toMatchObject({ amountCents: -825, statementMonth: '2025-07' });
    const totals = (await sponsor.get('/api/me/referral')).json().totals;
    expect(totals).toEqual({ pendingCents: 0, payableCents: -825, paidCents: 4992 });

    const csv = await admin.get('/api/admin/commissions/2025-06.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toContain('commissions-2025-06.csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(rows[0]).toBe('Parrain;Email;Lignes;Total (€)');
    expect(rows).toContain(`"Zoé; ""Durand""";${sponsor.member.email};2;49,92`);
    const next = await admin.get('/api/admin/commissions/2025-07.csv');
    expect(next.body).toContain(';1;-8,25');
  });

  it('the ledger tells the payable lines of earlier statements still unpaid, which the month closing invoices', async () => {
    const admin = await signUp(t, { email: 'tresorier.reports@synergie.test' });
    const sponsor = await signUp(t, { name: 'Camille Attente' });
    await subscribe(sponsor.userId);
    const member = await sponsored(sponsor);
    // Collected 2024-02-20: payable 2024-03-06, in the March 2024 statement; no mandate yet.
    await pay(member.userId, { paidAt: new Date('2024-02-20T10:00:00Z') });
    // A renewal collected 2024-04-25: payable 2024-05-10, a later statement.
    await pay(member.userId, { kind: 'renewal', paidAt: new Date('2024-04-25T10:00:00Z') });

    const april = (await admin.get('/api/admin/commissions?month=2024-04')).json();
    expect(april.sponsors).toEqual([]);
    expect(april.earlierPayableCents).toBe(825);
    // The statement's own lines are not "earlier".
    expect((await admin.get('/api/admin/commissions?month=2024-03')).json().earlierPayableCents).toBe(0);

    await sponsor.put('/api/me/self-billing/mandate', {
      legalName: 'Camille Attente EI',
      siren: '732829320',
      addressLine: '3 rue Mercière',
      postcode: '69002',
      city: 'Lyon',
      vatStatus: 'franchise',
      accepted: true,
    });
    const closed = await admin.post('/api/admin/self-billing/2024-04/close');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().invoices).toMatchObject([{ issuerName: 'Camille Attente EI' }]);
    // Only the statements up to April: May's line waits for May's closing (or a later one).
    expect(closed.json().invoices[0].lineCount).toBe(1);
    expect((await admin.get('/api/admin/commissions?month=2024-04')).json().earlierPayableCents).toBe(0);
    expect((await admin.get('/api/admin/commissions?month=2024-06')).json().earlierPayableCents).toBe(413);
  });
});
