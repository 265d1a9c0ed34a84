import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiErrors, excludingVatCents, frenchVatNumber } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissions, invoices, profiles, selfBillingInvoices, subscriptions, trades } from '../src/db/schema';
import { onInvoicePaid } from '../src/domain/commissions';
import {
  DAS2_COUNTRY_CODES,
  DAS2_RECORD_LENGTH,
  das2Csv,
  das2Declarant,
  das2File,
  das2Number,
  das2Records,
  das2Rows,
  das2Text,
} from '../src/domain/das2';
import { closeMonth, issueCreditNote } from '../src/domain/self-billing';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

/**
 * Issue 19, network-core §10 and §1: the DAS2 export (threshold, Paris calendar year, CSV), one
 * level of sponsorship only, and the commissions opt-out of regulated trades.
 */

const t = await createTestApp({ env: { ADMIN_EMAILS: 'das2.admin@synergie.test' } });
const db = t.database.db;
const admin = await signUp(t, { email: 'das2.admin@synergie.test' });

type Member = Awaited<ReturnType<typeof signUp>>;

async function subscribe(userId: string) {
  await db
    .insert(subscriptions)
    .values({ userId, provider: 'demo', planId: 'monthly', status: 'active', providerUpdatedAt: new Date() })
    .onConflictDoNothing();
}

async function sponsored(sponsor: Member): Promise<Member> {
  const member = await signUp(t);
  await db.update(profiles).set({ sponsorId: sponsor.userId }).where(eq(profiles.userId, member.userId));
  return member;
}

async function invoiceOf(userId: string, paidAt = new Date('2025-01-05T10:00:00Z'), ttc = 9900) {
  const excl = excludingVatCents(ttc);
  const [row] = await db
    .insert(invoices)
    .values({
      provider: 'demo',
      providerInvoiceId: `in_${randomUUID()}`,
      userId,
      planId: 'monthly',
      amountCents: ttc,
      amountExclVatCents: excl,
      vatCents: ttc - excl,
      kind: 'first',
      paidAt,
    })
    .returning();
  if (!row) throw new Error('no invoice');
  return row;
}

/** A paid commission line of `cents` for the sponsor, paid out at `paidAt`. */
async function paidLine(sponsorId: string, referredId: string, cents: number, paidAt: Date, status = 'paid') {
  const invoice = await invoiceOf(referredId);
  await db.insert(commissions).values({
    sponsorId,
    referredId,
    invoiceId: invoice.id,
    kind: 'first',
    rateBps: 1000,
    amountCents: cents,
    status,
    payableAt: paidAt,
    statementMonth: '2025-01',
    paidAt: status === 'paid' ? paidAt : null,
  });
}

/** A commission line of `cents` waiting to be paid out in the statement `month` (already due). */
async function payableLine(sponsorId: string, referredId: string, cents: number, month: string) {
  const invoice = await invoiceOf(referredId);
  await db.insert(commissions).values({
    sponsorId,
    referredId,
    invoiceId: invoice.id,
    kind: 'first',
    rateBps: 1000,
    amountCents: cents,
    status: 'pending',
    payableAt: new Date(`${month}-02T10:00:00Z`),
    statementMonth: month,
  });
}

describe('DAS2 (CGI art. 240)', () => {
  it('keeps the beneficiaries paid more than 2 400 € in the Paris calendar year, net of reversals', async () => {
    const year = 2031;
    const [exactly, above, split, newYear, unpaid, reversed] = await Promise.all(
      Array.from({ length: 6 }, () => signUp(t)),
    );
    const referred = await signUp(t);
    const r = referred.userId;
    const mid = new Date(`${year}-06-15T10:00:00Z`);
    await db
      .update(profiles)
      .set({ companyName: 'Cabinet Durand SARL', fullName: 'Alice Durand', city: 'Lyon', profession: 'Plombier' })
      .where(eq(profiles.userId, (above as Member).userId));
    // Exactly 2 400,00 €: not above the threshold.
    await paidLine((exactly as Member).userId, r, 240_000, mid);
    // 2 400,01 €.
    await paidLine((above as Member).userId, r, 240_001, mid);
    // Two lines that only cross the threshold together.
    await paidLine((split as Member).userId, r, 120_000, mid);
    await paidLine((split as Member).userId, r, 120_001, new Date(`${year}-02-01T10:00:00Z`));
    // 1 January 00:30 in Paris is 31 December 23:30 UTC: it belongs to the new year, not this one;
    // and 31 December 23:30 in Paris (22:30 UTC) to this one.
    await paidLine((newYear as Member).userId, r, 240_001, new Date(`${year}-12-31T23:30:00Z`));
    await paidLine((newYear as Member).userId, r, 1, new Date(`${year}-12-31T22:30:00Z`));
    // Not paid out: not in the declaration.
    await paidLine((unpaid as Member).userId, r, 500_000, mid, 'pending');
    // A reversal paid in the year brings the net under the threshold.
    await paidLine((reversed as Member).userId, r, 240_001, mid);
    await paidLine((reversed as Member).userId, r, -1000, mid);

    const rows = await das2Rows(db, year);
    expect(rows.map((x) => x.sponsorId).sort()).toEqual([(above as Member).userId, (split as Member).userId].sort());
    expect(rows.find((x) => x.sponsorId === (above as Member).userId)).toMatchObject({
      legalName: 'Cabinet Durand SARL',
      name: 'Alice Durand',
      city: 'Lyon',
      profession: 'Plombier',
      siret: null,
      amountExclVatCents: 240_001,
      vatCents: 0,
      amountInclVatCents: 240_001,
    });
    const next = await das2Rows(db, year + 1);
    expect(next.map((x) => x.sponsorId)).toEqual([(newYear as Member).userId]);
    expect(next[0]?.amountInclVatCents).toBe(240_001);
  });

  it('is a CSV for French Excel (BOM, semicolons, CRLF, formula-safe) for admins only', async () => {
    const year = 2032;
    const sponsor = await signUp(t, { name: '=HYPERLINK("x")' });
    const referred = await signUp(t);
    await paidLine(sponsor.userId, referred.userId, 300_050, new Date(`${year}-03-01T10:00:00Z`));
    const csv = await das2Csv(db, year);
    expect(
      csv.startsWith(
        '\ufeffAnnée;Raison sociale ou nom;Nom du bénéficiaire;SIREN;SIRET;Adresse;Code postal;Ville;Profession;Email;Commissions HT (€);TVA (€);Total TTC (€)\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      `${year};"'=HYPERLINK(""x"")";"'=HYPERLINK(""x"")";;;;;;;${sponsor.member.email};3000,50;0,00;3000,50\r\n`,
    );

    const res = await admin.get(`/api/admin/das2/${year}.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="das2-${year}.csv"`);
    expect(res.body).toBe(csv);
    expect((await admin.get('/api/admin/das2/1999.csv')).statusCode).toBe(400);
    // The 2 400 € threshold applies to payments from 2024 on: earlier years are refused, in French.
    const early = await admin.get('/api/admin/das2/2023.csv');
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(apiErrors.DAS2_YEAR_TOO_EARLY.message);
    await expect(das2Rows(db, 2023)).rejects.toMatchObject({ code: 'DAS2_YEAR_TOO_EARLY' });
    expect((await admin.get('/api/admin/das2/2024.csv')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/das2/abcd.csv')).statusCode).toBe(400);
    expect((await sponsor.get(`/api/admin/das2/${year}.csv`)).statusCode).toBe(403);
    expect((await client(t).get(`/api/admin/das2/${year}.csv`)).statusCode).toBe(401);
  });
});

describe('DAS2 from the self-billing invoices', () => {
  it('takes what was invoiced in the year (invoices minus credit notes, HT, TVA, TTC) with SIRET and address', async () => {
    const year = 2033;
    const referred = await signUp(t);
    // A VAT-registered beneficiary: 2 100 € HT + 420 € TVA = 2 520 € TTC, above 2 400 € TTC
    // (while 2 100 € HT alone is not).
    const liable = await signUp(t);
    const siren = '732829320';
    const mandate = {
      legalName: 'Martin Conseil SAS',
      siren: '73282932000074',
      addressLine: '8 quai Saint-Antoine',
      postcode: '69002',
      city: 'Lyon',
      vatStatus: 'assujetti',
      vatNumber: frenchVatNumber(siren),
      accepted: true,
    };
    expect((await liable.put('/api/me/self-billing/mandate', mandate)).statusCode).toBe(200);
    await payableLine(liable.userId, referred.userId, 150_000, `${year}-03`);
    await closeMonth(t.app.ctx, `${year}-03`, new Date(`${year}-04-02T10:00:00Z`));
    await payableLine(liable.userId, referred.userId, 60_000, `${year}-05`);
    await closeMonth(t.app.ctx, `${year}-05`, new Date(`${year}-06-02T10:00:00Z`));

    // A franchise beneficiary invoiced 1 800 € + 500 €, the 500 € credited back (contest) and invoiced
    // again at the June closing below: 2 300 € net, not above the threshold (counted once).
    const franchise = await signUp(t);
    expect(
      (
        await franchise.put('/api/me/self-billing/mandate', {
          ...mandate,
          vatStatus: 'franchise',
          vatNumber: undefined,
        })
      ).statusCode,
    ).toBe(200);
    await payableLine(franchise.userId, referred.userId, 180_000, `${year}-03`);
    await closeMonth(t.app.ctx, `${year}-03`, new Date(`${year}-04-02T10:00:00Z`));
    await payableLine(franchise.userId, referred.userId, 50_000, `${year}-04`);
    await closeMonth(t.app.ctx, `${year}-04`, new Date(`${year}-05-02T10:00:00Z`));
    const [small] = await db
      .select()
      .from(selfBillingInvoices)
      .where(and(eq(selfBillingInvoices.userId, franchise.userId), eq(selfBillingInvoices.month, `${year}-04`)));
    await issueCreditNote(t.app.ctx, small?.id as string, new Date(`${year}-05-10T10:00:00Z`));

    // A beneficiary who deleted their account: still declared, from their invoices' issuer snapshot.
    const leaver = await signUp(t);
    expect(
      (
        await leaver.put('/api/me/self-billing/mandate', {
          ...mandate,
          legalName: 'Atelier Zénith',
          vatStatus: 'franchise',
          vatNumber: undefined,
        })
      ).statusCode,
    ).toBe(200);
    await payableLine(leaver.userId, referred.userId, 250_000, `${year}-06`);
    await closeMonth(t.app.ctx, `${year}-06`, new Date(`${year}-07-02T10:00:00Z`));
    expect((await leaver.delete('/api/me', { confirmEmail: leaver.member.email })).statusCode).toBe(200);

    const rows = await das2Rows(db, year);
    expect(rows.map((r) => r.sponsorId)).toEqual([null, liable.userId]);
    expect(rows[0]).toMatchObject({
      legalName: 'Atelier Zénith',
      email: null,
      siret: '73282932000074',
      amountExclVatCents: 250_000,
      vatCents: 0,
      amountInclVatCents: 250_000,
    });
    rows.shift();
    const [franchiseInvoices] = await db
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`sum(total_incl_vat_cents)::int` })
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.userId, franchise.userId));
    expect(franchiseInvoices).toEqual({ n: 4, total: 230_000 });
    expect(rows[0]).toMatchObject({
      legalName: 'Martin Conseil SAS',
      siren,
      siret: '73282932000074',
      address: '8 quai Saint-Antoine',
      postcode: '69002',
      city: 'Lyon',
      email: liable.member.email,
      amountExclVatCents: 210_000,
      vatCents: 42_000,
      amountInclVatCents: 252_000,
    });
    const csv = await das2Csv(db, year);
    expect(csv).toContain(
      `${year};Martin Conseil SAS;${rows[0]?.name};${siren};73282932000074;8 quai Saint-Antoine;69002;Lyon;;${liable.member.email};2100,00;420,00;2520,00\r\n`,
    );
  });
});

describe('the DAS2 file as filed (issue 32)', () => {
  it('matches the hand-made expected file byte for byte: 010, 020, three 210, 300, 310, Latin-1', async () => {
    const year = 2035;
    const referred = await signUp(t);
    const mandate = {
      legalName: 'Martin Conseil SAS',
      siren: '73282932000074',
      addressLine: '8 quai Saint-Antoine',
      postcode: '69002',
      city: 'Lyon',
      vatStatus: 'assujetti',
      vatNumber: frenchVatNumber('732829320'),
      accepted: true,
    };
    // A VAT-registered company: 2 100 € HT + 420 € TVA = 2 520 € TTC.
    const martin = await signUp(t);
    expect((await martin.put('/api/me/self-billing/mandate', mandate)).statusCode).toBe(200);
    await db.update(profiles).set({ profession: 'Conseil en gestion' }).where(eq(profiles.userId, martin.userId));
    await payableLine(martin.userId, referred.userId, 210_000, `${year}-03`);
    // A franchise company with a name in Latin-1 and an address outside it: 2 500,50 € → 2 501 €.
    const zenith = await signUp(t);
    const zenithMandate = {
      ...mandate,
      legalName: 'Atelier Zénith',
      siren: '73282932000082',
      addressLine: '3 rue de Łódź',
      postcode: '42000',
      city: 'Saint-Étienne',
      vatStatus: 'franchise',
      vatNumber: undefined,
    };
    expect((await zenith.put('/api/me/self-billing/mandate', zenithMandate)).statusCode).toBe(200);
    await payableLine(zenith.userId, referred.userId, 250_050, `${year}-03`);
    await closeMonth(t.app.ctx, `${year}-03`, new Date(`${year}-04-02T10:00:00Z`));
    // A person paid without a self-billing invoice (no SIREN): 2 450,49 € → 2 450 €.
    const claire = await signUp(t);
    await db
      .update(profiles)
      .set({ fullName: 'Claire Dubois', city: 'Nantes', profession: 'Architecte' })
      .where(eq(profiles.userId, claire.userId));
    await paidLine(claire.userId, referred.userId, 245_049, new Date(`${year}-06-10T10:00:00Z`));
    // Not above the threshold: not in the file.
    const small = await signUp(t);
    await paidLine(small.userId, referred.userId, 240_000, new Date(`${year}-06-10T10:00:00Z`));

    const declarant = das2Declarant(t.app.ctx.env, {
      name: 'Sophie Trésorière',
      email: 'tresorerie@synergie-pro.fr',
    });
    const file = await das2File(db, year, declarant);
    const expected = readFileSync(new URL('./fixtures/das2-2035.txt', import.meta.url));
    // Record by record first (a readable diff), then byte for byte.
    const records = (bytes: Buffer) => bytes.toString('latin1').split('\r\n');
    expect(records(file)).toEqual(records(expected));
    expect(file.equals(expected)).toBe(true);
    const lines = records(file).slice(0, -1);
    expect(lines.map((l) => l.length)).toEqual(new Array(7).fill(DAS2_RECORD_LENGTH));
    expect(lines.map((l) => l.slice(21, 24))).toEqual(['010', '020', '210', '210', '210', '300', '310']);
    // ISO-8859-1: `é` is the one byte E9; `Ł` has no Latin-1 form (written `?`).
    expect(file.includes(Buffer.from('Atelier Z\u00e9nith', 'latin1'))).toBe(true);
    expect(file.includes(Buffer.from('Zénith', 'utf8'))).toBe(false);
    expect(file.toString('latin1')).toContain('3 rue de ?ódz');

    // The admin download: the same file, the admin as the person to contact.
    const res = await admin.get(`/api/admin/das2/${year}.txt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="das2-${year}.txt"`);
    const mine = das2Declarant(t.app.ctx.env, { name: admin.member.name, email: admin.member.email });
    expect(Buffer.from(res.rawPayload).equals(await das2File(db, year, mine))).toBe(true);
    const early = await admin.get('/api/admin/das2/2023.txt');
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(apiErrors.DAS2_YEAR_TOO_EARLY.message);
    expect((await admin.get('/api/admin/das2/abcd.txt')).statusCode).toBe(400);
    expect((await martin.get(`/api/admin/das2/${year}.txt`)).statusCode).toBe(403);
    expect((await client(t).get(`/api/admin/das2/${year}.txt`)).statusCode).toBe(401);
  });

  it('a year without beneficiaries: the four framing records, no 210, zero totals', () => {
    const declarant = das2Declarant(t.app.ctx.env, { name: 'A', email: 'a@b.fr' });
    const records = das2Records(2030, declarant, []);
    expect(records.map((r) => r.slice(21, 24))).toEqual(['010', '020', '300', '310']);
    expect(records[3]?.slice(35, 41)).toBe('000000');
  });

  it('a beneficiary abroad: the country’s INSEE code, « postcode city », the country’s name, as a company', () => {
    const declarant = das2Declarant(t.app.ctx.env, { name: 'A', email: 'a@b.fr' });
    const belgian = {
      sponsorId: 's1',
      legalName: 'Mercier Communication SRL',
      name: 'Sarah Mercier',
      email: null,
      siren: null,
      siret: null,
      address: 'Rue de la Loi 42',
      postcode: '1040',
      city: 'Bruxelles',
      country: 'BE',
      profession: 'Communication',
      amountExclVatCents: 300_000,
      vatCents: 0,
      amountInclVatCents: 300_000,
    };
    const [, , record] = das2Records(2035, declarant, [belgian]);
    expect(record?.length).toBe(DAS2_RECORD_LENGTH);
    // After the SIRET (14), the surname (30) and first name (20) left blank for a company, its name (50), the profession (30).
    const at = 24 + 14;
    expect(record?.slice(at, at + 50)).toBe(' '.repeat(50));
    expect(record?.slice(at + 50, at + 100).trimEnd()).toBe('Mercier Communication SRL');
    const address = record?.slice(at + 130, at + 130 + 129) ?? '';
    expect(address).toBe(
      `${' '.repeat(32)} ${'Rue de la Loi 42'.padEnd(32)}99131 ${'1040 Bruxelles'.padEnd(26)}99131 ${'Belgique'.padEnd(26)}`,
    );
    // The commissions zone: 3 000 €.
    expect(record?.slice(at + 259 + 10, at + 259 + 20)).toBe('0000003000');
    // Every other member state has its code: five digits starting 99, all different.
    const codes = Object.values(DAS2_COUNTRY_CODES);
    expect(codes).toHaveLength(26);
    expect(new Set(codes).size).toBe(26);
    for (const code of codes) expect(code).toMatch(/^99\d{3}$/);
  });

  it('zones: Latin-1 text cut and padded, numbers zero-padded, too large refused', () => {
    expect(das2Text('Crème\u202fbrûlée 🎉 Łukasz', 20)).toBe('Crème brûlée ? ?ukas');
    expect(das2Text(null, 3)).toBe('   ');
    expect(das2Number(42, 6)).toBe('000042');
    expect(() => das2Number(1_000_000, 6)).toThrow();
    expect(() => das2Number(-1, 6)).toThrow();
  });
});

describe('one level of sponsorship', () => {
  it("A sponsors B, B sponsors C, C pays: only B earns, A earns nothing from a referral's referral", async () => {
    const a = await signUp(t);
    await subscribe(a.userId);
    const b = await sponsored(a);
    await subscribe(b.userId);
    const c = await sponsored(b);
    const invoice = await invoiceOf(c.userId, new Date('2026-04-02T10:00:00Z'));
    await db.transaction((tx) => onInvoicePaid(tx, { id: invoice.id }));
    const lines = await db.select().from(commissions).where(eq(commissions.invoiceId, invoice.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sponsorId: b.userId, referredId: c.userId, amountCents: 825 });
    expect(await db.select().from(commissions).where(eq(commissions.sponsorId, a.userId))).toEqual([]);
    expect((await a.get('/api/me/referral')).json().lines).toEqual([]);
  });
});

const [avocat] = await db.select({ id: trades.id }).from(trades).where(eq(trades.slug, 'avocat'));
const [plombier] = await db.select({ id: trades.id }).from(trades).where(eq(trades.regulated, false)).limit(1);

describe('regulated trades opt out of commissions', () => {
  it('shows the flag, opts out and back in, idempotent', async () => {
    const lawyer = await signUp(t);
    await db.update(profiles).set({ tradeId: avocat?.id }).where(eq(profiles.userId, lawyer.userId));
    expect((await lawyer.get('/api/me/commission-opt-out')).json()).toEqual({ regulated: true, optedOut: false });
    for (let i = 0; i < 2; i++) {
      const res = await lawyer.put('/api/me/commission-opt-out', { optedOut: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ regulated: true, optedOut: true });
    }
    expect((await lawyer.put('/api/me/commission-opt-out', { optedOut: false })).json()).toEqual({
      regulated: true,
      optedOut: false,
    });
    expect((await lawyer.put('/api/me/commission-opt-out', { optedOut: 'oui' })).statusCode).toBe(400);

    const plumber = await signUp(t);
    await db.update(profiles).set({ tradeId: plombier?.id }).where(eq(profiles.userId, plumber.userId));
    expect((await plumber.get('/api/me/commission-opt-out')).json()).toEqual({ regulated: false, optedOut: false });
    const noTrade = await signUp(t);
    expect((await noTrade.get('/api/me/commission-opt-out')).json()).toEqual({ regulated: false, optedOut: false });
    const visitor = client(t);
    const res = await visitor.get('/api/me/commission-opt-out');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
  });

  it('an opted-out sponsor earns no commission line; opted back in, the next payment earns', async () => {
    const notary = await signUp(t);
    await subscribe(notary.userId);
    await db.update(profiles).set({ tradeId: avocat?.id }).where(eq(profiles.userId, notary.userId));
    await notary.put('/api/me/commission-opt-out', { optedOut: true });
    const client1 = await sponsored(notary);
    const first = await invoiceOf(client1.userId, new Date('2026-05-02T10:00:00Z'));
    await db.transaction((tx) => onInvoicePaid(tx, { id: first.id }));
    expect(await db.select().from(commissions).where(eq(commissions.invoiceId, first.id))).toEqual([]);

    await notary.put('/api/me/commission-opt-out', { optedOut: false });
    const client2 = await sponsored(notary);
    const second = await invoiceOf(client2.userId, new Date('2026-05-03T10:00:00Z'));
    await db.transaction((tx) => onInvoicePaid(tx, { id: second.id }));
    expect(await db.select().from(commissions).where(eq(commissions.invoiceId, second.id))).toHaveLength(1);
  });
});
