import { randomUUID } from 'node:crypto';
import {
  apiErrors,
  frenchVatNumber,
  MEMBERSHIP_VAT_RATE_BPS,
  membershipInvoiceMessages,
  type PlanId,
  selfBillingMessages,
} from '@synergie/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { invoices, membershipInvoices, selfBillingInvoices } from '../src/db/schema';
import { FEC_COLUMNS, fecText, latin9 } from '../src/domain/fec';
import {
  invoiceSellerOf,
  loadMembershipDocument,
  periodLastDay,
  saveBillingDetails,
} from '../src/domain/membership-invoices';
import { invoiceCii } from '../src/domain/self-billing-documents';
import { applyInvoicePaid, applyInvoiceRefunded, applySubscriptionEvent } from '../src/domain/subscriptions';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { testDbKind } from './helpers/db';
import { facturXParts, facturXSchemaErrors, pdfText } from './helpers/pdf';

const ADMIN = 'comptable.adhesions@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
const db = t.database.db;
const seller = invoiceSellerOf(t.env);
const admin = await signUp(t, { email: ADMIN });

/** A payment as a provider's event records it (the webhook's or the demo's path). */
async function pay(
  userId: string,
  paidAt: Date,
  options: {
    planId?: PlanId;
    provider?: 'demo' | 'stripe';
    amountCents?: number;
    eventId?: string;
    paymentId?: string;
  } = {},
) {
  const planId = options.planId ?? 'monthly';
  const paymentId = options.paymentId ?? `in_${randomUUID()}`;
  const provider = options.provider ?? 'demo';
  return {
    paymentId,
    result: await applyInvoicePaid(
      db,
      { id: options.eventId ?? `evt_${randomUUID()}`, provider, type: 'invoice.paid', occurredAt: paidAt },
      {
        provider,
        providerInvoiceId: paymentId,
        userId,
        planId,
        amountCents: options.amountCents ?? (planId === 'annual' ? 100_000 : 9900),
        paidAt,
      },
      seller,
    ),
  };
}

const refund = (paymentId: string, at: Date, eventId = `evt_${randomUUID()}`) =>
  applyInvoiceRefunded(
    db,
    { id: eventId, provider: 'stripe', type: 'charge.refunded', occurredAt: at },
    { providerInvoiceId: paymentId, refundedAt: at },
    seller,
  );

const docsOf = (userId: string) =>
  db
    .select()
    .from(membershipInvoices)
    .where(eq(membershipInvoices.userId, userId))
    .orderBy(desc(membershipInvoices.kind), membershipInvoices.number);

describe('an invoice for every membership payment', () => {
  it('99 € TTC is 82,50 € HT and 16,50 € of VAT at 20 %, 1 000 € TTC is 833,33 € HT and 166,67 € of VAT', async () => {
    const member = await signUp(t);
    await pay(member.userId, new Date('2026-03-10T09:00:00Z'));
    await pay(member.userId, new Date('2026-04-10T09:00:00Z'), { planId: 'annual' });
    const [monthly, annual] = await docsOf(member.userId);
    expect(monthly).toMatchObject({
      kind: 'invoice',
      totalInclVatCents: 9900,
      totalExclVatCents: 8250,
      vatCents: 1650,
      vatRateBps: MEMBERSHIP_VAT_RATE_BPS,
      periodStart: '2026-03-10',
      periodEnd: '2026-04-09',
      label: 'Adhésion Synergie Pro, formule mensuelle (première adhésion)',
    });
    expect(annual).toMatchObject({
      totalInclVatCents: 100_000,
      totalExclVatCents: 83_333,
      vatCents: 16_667,
      periodStart: '2026-04-10',
      periodEnd: '2027-04-09',
      // The plan differs from the previous payment's: a plan change.
      label: 'Adhésion Synergie Pro, formule annuelle (changement de formule)',
    });
    expect(monthly?.number).toMatch(/^FA-2026-\d{6}$/);
  });

  it('dates in Paris: a payment at 23:30 UTC on 31 December is invoiced on 1 January, in the new year’s series', async () => {
    const member = await signUp(t);
    await pay(member.userId, new Date('2032-12-31T23:30:00Z'));
    const [doc] = await docsOf(member.userId);
    expect(doc?.number).toBe('FA-2033-000001');
    expect(doc?.periodStart).toBe('2033-01-01');
    expect(periodLastDay('monthly', '2033-01-31')).toBe('2033-02-28');
  });

  it('20 concurrent payments: 20 invoices numbered 1 to 20, no gap, no duplicate', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
    const results = await Promise.all(
      members.map((m, i) => pay(m.userId, new Date(`2030-05-0${1 + (i % 9)}T10:00:00Z`))),
    );
    expect(results.every((r) => r.result.applied)).toBe(true);
    const rows = await db
      .select({ number: membershipInvoices.number })
      .from(membershipInvoices)
      .where(sql`${membershipInvoices.number} like 'FA-2030-%'`);
    expect(rows.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `FA-2030-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('a replayed event, or the same payment under another event, writes nothing twice', async () => {
    const member = await signUp(t);
    const at = new Date('2026-06-01T08:00:00Z');
    const { paymentId } = await pay(member.userId, at, { eventId: 'evt_replayed', provider: 'stripe' });
    const again = await Promise.all([
      pay(member.userId, at, { eventId: 'evt_replayed', paymentId, provider: 'stripe' }),
      pay(member.userId, at, { eventId: 'evt_other', paymentId, provider: 'stripe' }),
    ]);
    expect(again.map((r) => r.result.applied)).toEqual([false, false]);
    expect(await docsOf(member.userId)).toHaveLength(1);
  });

  it('a refund gets one credit note, however many times it arrives (at once or replayed)', async () => {
    const member = await signUp(t);
    const { paymentId } = await pay(member.userId, new Date('2026-07-01T08:00:00Z'));
    const at = new Date('2026-07-03T08:00:00Z');
    const results = await Promise.all([refund(paymentId, at, 'evt_refund_1'), refund(paymentId, at, 'evt_refund_2')]);
    await refund(paymentId, at, 'evt_refund_1');
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    const [invoice, credit] = await docsOf(member.userId);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      creditsInvoiceId: invoice?.id,
      totalInclVatCents: -9900,
      totalExclVatCents: -8250,
      vatCents: -1650,
    });
    expect(credit?.number).toMatch(/^AV-2026-\d{6}$/);
    expect(await docsOf(member.userId)).toHaveLength(2);
  });

  it('the demo provider: a renewal by the admin invoices, a cancellation that refunds credits it once', async () => {
    const member = await signUp(t);
    const now = new Date();
    await applySubscriptionEvent(
      db,
      { id: `demo_checkout_${member.userId}`, provider: 'demo', type: 'checkout.completed', occurredAt: now },
      {
        userId: member.userId,
        provider: 'demo',
        customerId: `demo_cus_${member.userId}`,
        subscriptionId: `demo_sub_${member.userId}`,
        planId: 'monthly',
        status: 'active',
        currentPeriodEnd: new Date(now.getTime() + 86_400_000),
        providerUpdatedAt: now,
      },
    );
    const renewed = await admin.post(`/api/admin/billing/demo/${member.userId}/renew`, {});
    expect(renewed.statusCode).toBe(200);
    const list = (await member.get('/api/me/membership-invoices')).json();
    expect(list.invoices).toHaveLength(1);
    expect(list.invoices[0]).toMatchObject({ kind: 'invoice', totalInclVatCents: 9900 });
    const [first, second] = await Promise.all([
      admin.post(`/api/admin/billing/demo/${member.userId}/refund`, {}),
      admin.post(`/api/admin/billing/demo/${member.userId}/refund`, {}),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().subscription.subscribed).toBe(false);
    const after = (await member.get('/api/me/membership-invoices')).json();
    expect(after.invoices.map((i: { kind: string }) => i.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect(after.invoices.find((i: { kind: string }) => i.kind === 'credit_note').creditsNumber).toBe(
      list.invoices[0].number,
    );
  });
});

describe('the buyer’s details', () => {
  it('a SIREN or a VAT number with a wrong key is refused with a French message (400), nothing saved', async () => {
    const member = await signUp(t);
    const badSiren = await member.put('/api/me/billing-details', { siren: '732 829 321' });
    expect(badSiren.statusCode).toBe(400);
    expect(badSiren.json().error.message).toBe(selfBillingMessages.sirenKey);
    const badVat = await member.put('/api/me/billing-details', { siren: '732829320', vatNumber: 'FR00732829320' });
    expect(badVat.statusCode).toBe(400);
    expect(badVat.json().error.message).toBe(selfBillingMessages.vatFrenchKey);
    const otherSiren = await member.put('/api/me/billing-details', {
      siren: '732829320',
      vatNumber: frenchVatNumber('552100554'),
    });
    expect(otherSiren.json().error.message).toBe(selfBillingMessages.vatSirenMismatch);
    const short = await member.put('/api/me/billing-details', { siren: '1234' });
    expect(short.json().error.message).toBe(membershipInvoiceMessages.sirenLength);
    expect((await member.get('/api/me/membership-invoices')).json().details.siren).toBeNull();
  });

  it('valid details are kept on the profile and printed on the next invoices, the earlier ones unchanged', async () => {
    const member = await signUp(t, { name: 'Claire Martin' });
    await pay(member.userId, new Date('2026-02-01T10:00:00Z'));
    const saved = await member.put('/api/me/billing-details', {
      siren: '732 829 320',
      vatNumber: 'fr 44 732829320',
      addressLine: '3 place Bellecour',
      postcode: '69002',
      city: 'Lyon',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      siren: '732829320',
      vatNumber: 'FR44732829320',
      addressLine: '3 place Bellecour',
      postcode: '69002',
      city: 'Lyon',
      country: 'FR',
      reverseCharge: false,
    });
    await pay(member.userId, new Date('2026-03-01T10:00:00Z'));
    const [before, after] = await docsOf(member.userId);
    expect(before?.buyer).toMatchObject({ name: 'Claire Martin', siren: '' });
    expect(after?.buyer).toMatchObject({ name: 'Claire Martin', siren: '732829320', vatNumber: 'FR44732829320' });
    expect(after?.label).toContain('(renouvellement)');
  });
});

describe('the documents', () => {
  it('PDF and Factur-X (EN 16931 XSD) with the legal mentions; another member gets 404, the admin any', async () => {
    const member = await signUp(t, { name: 'Paul Durand' });
    await saveBillingDetails(db, member.userId, {
      siren: '732829320',
      vatNumber: 'FR44732829320',
      addressLine: '1 rue de la Paix',
      postcode: '75002',
      city: 'Paris',
    });
    const { paymentId } = await pay(member.userId, new Date('2026-09-15T10:00:00Z'));
    await refund(paymentId, new Date('2026-09-20T10:00:00Z'));
    const [invoice, credit] = await docsOf(member.userId);
    if (!invoice || !credit) throw new Error('no documents');

    const pdf = await member.get(`/api/me/membership-invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="facture-${invoice.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'FACTURE',
      invoice.number,
      'Synergie Pro SAS',
      'RCS Créteil 123 456 782',
      `TVA ${frenchVatNumber('123456782')}`,
      'SIREN : 732829320',
      'N° TVA intracommunautaire : FR44732829320',
      '82,50 €',
      '16,50 €',
      '99,00 €',
      'Taux des pénalités de retard : trois fois le taux d',
      'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.',
      'Payée à la commande par carte bancaire',
      'Période : du 15 septembre 2026 au 14 octobre 2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Autofacturation');
    // Dates in words, the period of the line too (issue 31): never 15/09/2026.
    expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);

    const fx = await admin.get(`/api/admin/membership-invoices/documents/${credit.id}/facturx`);
    expect(fx.statusCode).toBe(200);
    const parts = await facturXParts(fx.rawPayload);
    expect(parts.xml).toBeTruthy();
    expect(await facturXSchemaErrors(parts.xml as string)).toEqual([]);
    expect(parts.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(parts.xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(parts.xml).toContain('<ram:GrandTotalAmount>99.00</ram:GrandTotalAmount>');

    const xml = invoiceCii(await loadMembershipDocument(db, invoice.id, { userId: member.userId, admin: false }));
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:TaxBasisTotalAmount>82.50</ram:TaxBasisTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">16.50</ram:TaxTotalAmount>');
    expect(await facturXSchemaErrors(xml)).toEqual([]);

    const other = await signUp(t);
    const refused = await other.get(`/api/me/membership-invoices/${invoice.id}/pdf`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(apiErrors.INVOICE_NOT_FOUND.message);
    expect((await other.get('/api/me/membership-invoices/not-an-id/facturx')).statusCode).toBe(404);
    expect((await member.get(`/api/admin/membership-invoices/documents/${invoice.id}/pdf`)).statusCode).toBe(403);
  });

  it('an invoice of a buyer without SIREN still passes the XSD', async () => {
    const member = await signUp(t);
    await pay(member.userId, new Date('2026-10-15T10:00:00Z'), { planId: 'annual' });
    const [invoice] = await docsOf(member.userId);
    const xml = invoiceCii(await loadMembershipDocument(db, invoice?.id as string, { userId: '', admin: true }));
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    // factur-x-kit checks the EN 16931 rules too: the document is made.
    const fx = await member.get(`/api/me/membership-invoices/${invoice?.id}/facturx`);
    expect(fx.statusCode).toBe(200);
  });
});

describe('the accountant’s exports', () => {
  it('the CSV and the FEC of a year, against a hand-counted fixture', async () => {
    const year = 2031;
    const a = await signUp(t, { name: 'Alice Fabre' });
    const b = await signUp(t, { name: 'Bruno Roux' });
    const { paymentId } = await pay(a.userId, new Date('2031-01-15T10:00:00Z'));
    await pay(b.userId, new Date('2031-02-01T10:00:00Z'), { planId: 'annual' });
    await refund(paymentId, new Date('2031-03-01T10:00:00Z'));
    const issuer = {
      name: 'Dupont Conseil',
      siren: '732829320',
      siret: null,
      addressLine: '1 rue de la République',
      postcode: '69001',
      city: 'Lyon',
      country: 'FR',
      vatNumber: 'FR44732829320',
    };
    const [sb] = await db
      .insert(selfBillingInvoices)
      .values({
        number: 'AF-FEC31-2031-0001',
        series: 'FEC31',
        kind: 'invoice',
        month: '2031-01',
        issuedAt: new Date('2031-02-05T09:00:00Z'),
        issuer,
        client: { ...seller, siret: null },
        vatStatus: 'assujetti',
        vatRateBps: 2000,
        totalExclVatCents: 10_000,
        vatCents: 2000,
        totalInclVatCents: 12_000,
        lines: [],
      })
      .returning();
    await db.insert(selfBillingInvoices).values({
      number: 'AF-FEC31-2031-0002',
      series: 'FEC31',
      kind: 'credit_note',
      creditsInvoiceId: sb?.id,
      month: '2031-01',
      issuedAt: new Date('2031-03-10T09:00:00Z'),
      issuer,
      client: { ...seller, siret: null },
      vatStatus: 'assujetti',
      vatRateBps: 2000,
      totalExclVatCents: -10_000,
      vatCents: -2000,
      totalInclVatCents: -12_000,
      lines: [],
    });

    const fec = await fecText(db, year);
    const ca = `C${a.userId}`;
    const cb = `C${b.userId}`;
    // Counted by hand: five entries, each balanced (debits = credits), numbered 1 to 5 by date.
    const expected = [
      FEC_COLUMNS.join('\t'),
      `VE\tVentes\t1\t20310115\t411000\tClients\t${ca}\tAlice Fabre\tFA-2031-000001\t20310115\tFacture FA-2031-000001 Alice Fabre\t99,00\t0,00\t\t\t20310115\t\t`,
      'VE\tVentes\t1\t20310115\t706000\tPrestations de services\t\t\tFA-2031-000001\t20310115\tFacture FA-2031-000001 Alice Fabre\t0,00\t82,50\t\t\t20310115\t\t',
      'VE\tVentes\t1\t20310115\t445710\tTVA collectée\t\t\tFA-2031-000001\t20310115\tFacture FA-2031-000001 Alice Fabre\t0,00\t16,50\t\t\t20310115\t\t',
      `VE\tVentes\t2\t20310201\t411000\tClients\t${cb}\tBruno Roux\tFA-2031-000002\t20310201\tFacture FA-2031-000002 Bruno Roux\t1000,00\t0,00\t\t\t20310201\t\t`,
      'VE\tVentes\t2\t20310201\t706000\tPrestations de services\t\t\tFA-2031-000002\t20310201\tFacture FA-2031-000002 Bruno Roux\t0,00\t833,33\t\t\t20310201\t\t',
      'VE\tVentes\t2\t20310201\t445710\tTVA collectée\t\t\tFA-2031-000002\t20310201\tFacture FA-2031-000002 Bruno Roux\t0,00\t166,67\t\t\t20310201\t\t',
      'HA\tAchats\t3\t20310205\t622100\tCommissions et courtages sur achats\t\t\tAF-FEC31-2031-0001\t20310205\tFacture AF-FEC31-2031-0001 Dupont Conseil\t100,00\t0,00\t\t\t20310205\t\t',
      'HA\tAchats\t3\t20310205\t445660\tTVA déductible sur autres biens et services\t\t\tAF-FEC31-2031-0001\t20310205\tFacture AF-FEC31-2031-0001 Dupont Conseil\t20,00\t0,00\t\t\t20310205\t\t',
      'HA\tAchats\t3\t20310205\t401000\tFournisseurs\tFFEC31\tDupont Conseil\tAF-FEC31-2031-0001\t20310205\tFacture AF-FEC31-2031-0001 Dupont Conseil\t0,00\t120,00\t\t\t20310205\t\t',
      `VE\tVentes\t4\t20310301\t411000\tClients\t${ca}\tAlice Fabre\tAV-2031-000001\t20310301\tAvoir AV-2031-000001 Alice Fabre\t0,00\t99,00\t\t\t20310301\t\t`,
      'VE\tVentes\t4\t20310301\t706000\tPrestations de services\t\t\tAV-2031-000001\t20310301\tAvoir AV-2031-000001 Alice Fabre\t82,50\t0,00\t\t\t20310301\t\t',
      'VE\tVentes\t4\t20310301\t445710\tTVA collectée\t\t\tAV-2031-000001\t20310301\tAvoir AV-2031-000001 Alice Fabre\t16,50\t0,00\t\t\t20310301\t\t',
      'HA\tAchats\t5\t20310310\t622100\tCommissions et courtages sur achats\t\t\tAF-FEC31-2031-0002\t20310310\tAvoir AF-FEC31-2031-0002 Dupont Conseil\t0,00\t100,00\t\t\t20310310\t\t',
      'HA\tAchats\t5\t20310310\t445660\tTVA déductible sur autres biens et services\t\t\tAF-FEC31-2031-0002\t20310310\tAvoir AF-FEC31-2031-0002 Dupont Conseil\t0,00\t20,00\t\t\t20310310\t\t',
      'HA\tAchats\t5\t20310310\t401000\tFournisseurs\tFFEC31\tDupont Conseil\tAF-FEC31-2031-0002\t20310310\tAvoir AF-FEC31-2031-0002 Dupont Conseil\t120,00\t0,00\t\t\t20310310\t\t',
    ];
    expect(fec).toBe(`${expected.join('\r\n')}\r\n`);
    expect(expected.every((line) => line.split('\t').length === 18)).toBe(true);

    const res = await admin.get(`/api/admin/accounting/${year}/fec`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="123456782FEC${year}1231.txt"`);
    // ISO 8859-15: é is one byte.
    expect(Buffer.compare(res.rawPayload, latin9(fec))).toBe(0);
    expect(res.rawPayload.includes(Buffer.from([0xe9]))).toBe(true);
    expect(latin9('€ œ ’')).toEqual(Buffer.from([0xa4, 0x20, 0xbd, 0x20, 0x27]));

    const csv = await admin.get(`/api/admin/membership-invoices/${year}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').slice(0, 4)).toEqual([
      '\ufeffNuméro;Type;Date;Client;SIREN;N° TVA;Désignation;Montant HT;TVA;Montant TTC;Facture annulée;Régime de TVA',
      'FA-2031-000001;Facture;2031-01-15;Alice Fabre;;;Adhésion Synergie Pro, formule mensuelle (première adhésion);82,50;16,50;99,00;;TVA 20\u202f%',
      'FA-2031-000002;Facture;2031-02-01;Bruno Roux;;;Adhésion Synergie Pro, formule annuelle (première adhésion);833,33;166,67;1000,00;;TVA 20\u202f%',
      'AV-2031-000001;Avoir;2031-03-01;Alice Fabre;;;Remboursement\u00a0: Adhésion Synergie Pro, formule mensuelle (première adhésion);-82,50;-16,50;-99,00;FA-2031-000001;TVA 20\u202f%',
    ]);
    const list = (await admin.get(`/api/admin/membership-invoices/${year}`)).json();
    expect(list.invoices.map((i: { number: string }) => i.number)).toEqual([
      'FA-2031-000001',
      'FA-2031-000002',
      'AV-2031-000001',
    ]);
    expect((await a.get(`/api/admin/accounting/${year}/fec`)).statusCode).toBe(403);
    expect((await admin.get('/api/admin/accounting/1999/fec')).statusCode).toBe(400);
  });
});

if (testDbKind === 'postgres') {
  describe('on PostgreSQL, from two pools', () => {
    it('20 payments split across two connections pools still number 1 to 20', async () => {
      // A second pool on the same database: two app instances.
      const url = (t.database as { url?: string }).url;
      expect(url).toBeTruthy();
      const other = await openPostgres(url as string, 5);
      try {
        const members = await Promise.all(Array.from({ length: 20 }, () => signUp(t)));
        await Promise.all(
          members.map((m, i) =>
            applyInvoicePaid(
              i % 2 === 0 ? db : other.db,
              { id: `evt_${randomUUID()}`, provider: 'stripe', type: 'invoice.paid', occurredAt: new Date() },
              {
                provider: 'stripe',
                providerInvoiceId: `in_${randomUUID()}`,
                userId: m.userId,
                planId: 'monthly',
                amountCents: 9900,
                paidAt: new Date('2034-04-01T10:00:00Z'),
              },
              seller,
            ),
          ),
        );
        const rows = await db
          .select({ number: membershipInvoices.number })
          .from(membershipInvoices)
          .where(sql`${membershipInvoices.number} like 'FA-2034-%'`);
        expect(rows.map((r) => r.number).sort()).toEqual(
          Array.from({ length: 20 }, (_, i) => `FA-2034-${String(i + 1).padStart(6, '0')}`),
        );
      } finally {
        await other.close();
      }
    });
  });
}

// The payment rows themselves stay as they were: one per payment.
it('keeps one payment row per provider invoice', async () => {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${invoices} group by provider_invoice_id having count(*) > 1`,
  );
  expect(rows).toHaveLength(0);
});
