import {
  apiErrors,
  euVatMessages,
  FRANCHISE_MENTION,
  frenchVatKey,
  isValidSiren,
  isValidSiret,
  MANDATE_VERSION,
  mandateInputSchema,
  mandateText,
  selfBillingMessages,
  vatNumberProblem,
} from '@synergie/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FacturX } from 'factur-x-kit';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { commissions, mailOutbox, selfBillingInvoices, selfBillingMandates } from '../src/db/schema';
import { closeMonth, issueCreditNote, loadInvoice } from '../src/domain/self-billing';
import {
  drawableText,
  EARLY_PAYMENT_MENTION,
  facturXXmp,
  invoiceCii,
  LATE_PAYMENT_MENTIONS,
  vatRatePercent,
} from '../src/domain/self-billing-documents';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { commissionLine } from './helpers/commissions';
import { testDbKind } from './helpers/db';
import {
  FRENCH_RULES,
  facturXParts,
  facturXSchemaErrors,
  failedRules,
  pdfText,
  xmlParseErrors,
  xpath,
} from './helpers/pdf';

const ADMIN = 'tresorier.af@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
const db = t.database.db;
const admin = await signUp(t, { email: ADMIN });

type Member = Awaited<ReturnType<typeof signUp>>;

/** A payable commission line (helpers/commissions.ts) in this file's database. */
const line = (
  sponsorId: string,
  month: string,
  cents: number,
  kind: 'first' | 'renewal' = 'first',
  referredId: string | null = null,
) => commissionLine(db, sponsorId, month, cents, kind, referredId);

const franchiseForm = {
  legalName: 'Dupont Conseil',
  siren: '732 829 320',
  addressLine: '1 rue de la République',
  postcode: '69001',
  city: 'Lyon',
  vatStatus: 'franchise',
  accepted: true,
} as const;

const assujettiForm = {
  ...franchiseForm,
  siren: '73282932000074',
  vatStatus: 'assujetti',
  vatNumber: `FR${frenchVatKey('732829320')}732829320`,
} as const;

async function withMandate(form: object = franchiseForm): Promise<Member> {
  const member = await signUp(t);
  const res = await member.put('/api/me/self-billing/mandate', form);
  expect(res.statusCode).toBe(200);
  return member;
}

const myInvoices = async (member: Member) => (await member.get('/api/me/self-billing')).json().invoices;

const tag = (xml: string, name: string) => xml.match(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`))?.[1];
const tags = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1] as string);
const cents = (value: string | undefined) => Math.round(Number(value) * 100);

describe('SIREN, SIRET and VAT numbers', () => {
  it('accepts valid numbers (Luhn key, both lengths; the FR key computed from the SIREN)', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732 829 320')).toBe(true);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('356000000 00048')).toBe(true); // La Poste's head office
    expect(frenchVatKey('732829320')).toBe('44');
    expect(vatNumberProblem('FR44732829320')).toBeNull();
    expect(vatNumberProblem('FR 44 732 829 320', '73282932000074')).toBeNull();
    expect(vatNumberProblem('DE123456789')).toBeNull();
    expect(vatNumberProblem('NL123456789B01')).toBeNull();
    expect(mandateInputSchema.safeParse(franchiseForm).success).toBe(true);
    expect(mandateInputSchema.safeParse(assujettiForm).success).toBe(true);
  });

  it('refuses bad values with French messages', () => {
    const messages = (value: object) =>
      (mandateInputSchema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(messages({ ...franchiseForm, siren: '732829321' })).toEqual([`siren: ${selfBillingMessages.sirenKey}`]);
    expect(messages({ ...franchiseForm, siren: '73282932000075' })).toEqual([`siren: ${selfBillingMessages.siretKey}`]);
    expect(messages({ ...franchiseForm, siren: '1234' })).toEqual([`siren: ${selfBillingMessages.sirenLength}`]);
    expect(messages({ ...franchiseForm, addressLine: '', postcode: '6900', city: '' })).toEqual([
      `addressLine: ${selfBillingMessages.addressRequired}`,
      `city: ${selfBillingMessages.cityRequired}`,
      // The postcode's format depends on the country: checked after the fields.
      `postcode: ${selfBillingMessages.postcodeInvalid}`,
    ]);
    expect(messages({ ...assujettiForm, vatNumber: '' })).toEqual([`vatNumber: ${selfBillingMessages.vatRequired}`]);
    expect(messages({ ...assujettiForm, vatNumber: 'FR45732829320' })).toEqual([
      `vatNumber: ${selfBillingMessages.vatFrenchKey}`,
    ]);
    expect(messages({ ...assujettiForm, vatNumber: `FR${frenchVatKey('404833048')}404833048` })).toEqual([
      `vatNumber: ${selfBillingMessages.vatSirenMismatch}`,
    ]);
    expect(messages({ ...assujettiForm, vatNumber: 'FR4473282932' })).toEqual([
      `vatNumber: ${selfBillingMessages.vatFrenchFormat}`,
    ]);
    // A French SIREN and address: the French VAT number of that SIREN, never another country's
    // (that is reverse charge, with the country chosen); the general checker still knows the others.
    for (const vatNumber of ['US123456789', 'DE12345678', 'DE123456789', 'NL123456789B01', 'BE0123456789']) {
      expect(messages({ ...assujettiForm, vatNumber })).toEqual([
        `vatNumber: ${selfBillingMessages.vatFrenchRequired}`,
      ]);
    }
    expect(vatNumberProblem('US123456789')).toBe(euVatMessages.unknownPrefix);
    expect(vatNumberProblem('DE12345678')).toBe(euVatMessages.wrongFormat('DE'));
    expect(selfBillingMessages.vatFrenchRequired).toContain('\u00a0:');
    expect(messages({ ...franchiseForm, accepted: false })).toEqual([
      `accepted: ${selfBillingMessages.acceptRequired}`,
    ]);
    expect(selfBillingMessages.sirenKey).toContain('\u00a0:');
  });

  it('answers 400 with the French message on the mandate route', async () => {
    const member = await signUp(t);
    const res = await member.put('/api/me/self-billing/mandate', { ...franchiseForm, siren: '732829321' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(selfBillingMessages.sirenKey);
    const noAddress = await member.put('/api/me/self-billing/mandate', { ...franchiseForm, city: '' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.message).toBe(selfBillingMessages.cityRequired);
    const foreign = await member.put('/api/me/self-billing/mandate', { ...assujettiForm, vatNumber: 'DE123456789' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(selfBillingMessages.vatFrenchRequired);
  });
});

describe('the mandate', () => {
  it('is kept with its version, text and hash; a new acceptance supersedes it; a revocation ends it', async () => {
    const member = await withMandate();
    let state = (await member.get('/api/me/self-billing')).json();
    expect(state.mandate).toMatchObject({ legalName: 'Dupont Conseil', siren: '732829320', vatStatus: 'franchise' });
    expect(state.mandate.version).toBe(MANDATE_VERSION);
    expect(state.mandateText).toContain('289 I-2');
    expect((await member.put('/api/me/self-billing/mandate', assujettiForm)).statusCode).toBe(200);
    state = (await member.get('/api/me/self-billing')).json();
    expect(state.mandate).toMatchObject({ siret: '73282932000074', vatNumber: 'FR44732829320' });
    const rows = await db.select().from(selfBillingMandates).where(eq(selfBillingMandates.userId, member.userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
    expect(rows.every((r) => r.text.includes('Autofacturation') && r.textHash.length === 64)).toBe(true);

    expect((await member.delete('/api/me/self-billing/mandate')).statusCode).toBe(200);
    expect((await member.get('/api/me/self-billing')).json().mandate).toBeNull();
    const again = await member.delete('/api/me/self-billing/mandate');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('MANDATE_REQUIRED');
  });

  it('is written in French typography (narrow no-break spaces, guillemets with no-break spaces)', () => {
    const text = mandateText();
    expect(MANDATE_VERSION).toBe('2026-12');
    expect(text).toContain('«\u00a0mandant\u00a0»');
    expect(text).toContain('«\u00a0Autofacturation\u00a0»');
    expect(text).not.toMatch(/ [;:!?»]|« /);
    expect(text).toContain('commission\u202f;');
    expect(text).toContain('espace\u202f:');
  });

  it('stays one active mandate per member when ten acceptances race (row lock, partial unique index)', async () => {
    const member = await signUp(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => member.put('/api/me/self-billing/mandate', franchiseForm)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const active = await db
      .select()
      .from(selfBillingMandates)
      .where(
        and(
          eq(selfBillingMandates.userId, member.userId),
          sql`${selfBillingMandates.revokedAt} is null and ${selfBillingMandates.supersededAt} is null`,
        ),
      );
    expect(active).toHaveLength(1);
    // Dated once each has the lock: each superseded after its acceptance, the last one active.
    const all = await db.select().from(selfBillingMandates).where(eq(selfBillingMandates.userId, member.userId));
    expect(all).toHaveLength(10);
    for (const row of all) {
      if (row.supersededAt) expect(row.supersededAt.getTime()).toBeGreaterThanOrEqual(row.acceptedAt.getTime());
    }
    expect(active[0]?.acceptedAt.getTime()).toBe(Math.max(...all.map((row) => row.acceptedAt.getTime())));
  });
});

describe('closing a month', () => {
  it('makes payouts without a mandate wait, and says so', async () => {
    const sponsor = await signUp(t);
    const waiting = await line(sponsor.userId, '2025-03', 825);
    const res = await admin.post('/api/admin/self-billing/2025-03/close');
    expect(res.statusCode).toBe(200);
    const skipped = res.json().skipped.find((s: { sponsorId: string }) => s.sponsorId === sponsor.userId);
    expect(skipped.reason).toBe('Aucun mandat d’autofacturation actif\u00a0: commissions en attente');
    const [still] = await db.select().from(commissions).where(eq(commissions.id, waiting.id));
    expect(still?.status).toBe('pending');
    expect(await myInvoices(sponsor)).toEqual([]);

    expect((await sponsor.put('/api/me/self-billing/mandate', franchiseForm)).statusCode).toBe(200);
    const later = await admin.post('/api/admin/self-billing/2025-04/close');
    expect(later.json().invoices.map((i: { issuerName: string }) => i.issuerName)).toContain('Dupont Conseil');
    const [paid] = await db.select().from(commissions).where(eq(commissions.id, waiting.id));
    expect(paid?.status).toBe('paid');
    const [invoice] = await myInvoices(sponsor);
    expect(invoice).toMatchObject({ kind: 'invoice', month: '2025-04', totalInclVatCents: 825, vatCents: 0 });
    expect(invoice.number).toMatch(/^AF-[A-Z0-9]{8}-\d{4}-0001$/);
  });

  it('refuses to close a month later than the current Paris month, in French', async () => {
    const res = await admin.post('/api/admin/self-billing/2999-01/close');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'MONTH_NOT_CLOSABLE',
      message: apiErrors.MONTH_NOT_CLOSABLE.message,
    });
    // 31 December 23:30 UTC is already January in Paris: January may be closed.
    await expect(closeMonth(t.app.ctx, '2030-01', new Date('2029-12-31T23:30:00Z'))).resolves.toMatchObject({
      month: '2030-01',
    });
    await expect(closeMonth(t.app.ctx, '2030-02', new Date('2029-12-31T23:30:00Z'))).rejects.toMatchObject({
      code: 'MONTH_NOT_CLOSABLE',
    });
  });

  it('adds VAT at 20 % on top for a liable beneficiary (HT, TVA, TTC)', async () => {
    const sponsor = await withMandate(assujettiForm);
    await line(sponsor.userId, '2025-05', 825);
    await line(sponsor.userId, '2025-05', 413, 'renewal');
    await admin.post('/api/admin/self-billing/2025-05/close');
    const [invoice] = await myInvoices(sponsor);
    expect(invoice).toMatchObject({ totalExclVatCents: 1238, vatCents: 248, totalInclVatCents: 1486 });
  });

  it(`numbers without gap or duplicate at 20 concurrent closings (${testDbKind})`, async () => {
    // One beneficiary, a line in each of 20 months, the 20 months closed at once.
    const sponsor = await withMandate();
    const months = Array.from(
      { length: 20 },
      (_, i) => `20${23 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    const lines = [];
    for (const month of months) lines.push(await line(sponsor.userId, month, 100));
    await Promise.all(months.map((month) => closeMonth(t.app.ctx, month)));
    const issued = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.userId, sponsor.userId));
    const seqs = issued.map((i) => Number(i.number.slice(-4))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: issued.length }, (_, i) => i + 1));
    expect(issued.reduce((s, i) => s + i.totalExclVatCents, 0)).toBe(2000);
    const paid = await db
      .select()
      .from(commissions)
      .where(
        inArray(
          commissions.id,
          lines.map((l) => l.id),
        ),
      );
    expect(paid.every((l) => l.status === 'paid')).toBe(true);

    // Three beneficiaries, the same month closed 20 times at once: one invoice each, number 0001.
    const three = [await withMandate(), await withMandate(), await withMandate()];
    for (const s of three) await line(s.userId, '2025-08', 500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/admin/self-billing/2025-08/close')),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (const s of three) {
      const own = await myInvoices(s);
      expect(own).toHaveLength(1);
      expect(own[0].number).toMatch(/-0001$/);
    }
  });
});

describe('the documents', () => {
  it('PDF says Autofacturation and the franchise mention; the member downloads only their own', async () => {
    const sponsor = await withMandate();
    await line(sponsor.userId, '2025-09', 123_456);
    await admin.post('/api/admin/self-billing/2025-09/close');
    const [invoice] = await myInvoices(sponsor);
    const res = await sponsor.get(`/api/me/self-billing/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('AUTOFACTURATION');
    expect(text).toContain('Autofacturation');
    expect(text).toContain(FRANCHISE_MENTION);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Dupont Conseil');
    expect(text).toContain('Synergie Pro SAS');
    expect(text).toContain('1 234,56 €');
    expect(text).toContain('septembre 2025');
    // Code de commerce L441-9 and L441-10: due date (payment on receipt) and the two mentions.
    expect(text).toMatch(/Date d’échéance : \d{1,2} \S+ \d{4} \(paiement à réception\)/);
    expect(text).toContain('Taux des pénalités de retard : trois fois le taux d');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.');

    const other = await signUp(t);
    expect((await other.get(`/api/me/self-billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/self-billing/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
  });

  it('Factur-X: PDF/A-3 with factur-x.xml (EN 16931) whose fields and totals hold', { timeout: 120_000 }, async () => {
    for (const form of [franchiseForm, assujettiForm]) {
      const sponsor = await withMandate(form);
      await line(sponsor.userId, '2025-10', 825);
      await line(sponsor.userId, '2025-10', -413, 'renewal');
      await line(sponsor.userId, '2025-10', 413, 'renewal');
      await admin.post('/api/admin/self-billing/2025-10/close');
      const [invoice] = await myInvoices(sponsor);
      const res = await sponsor.get(`/api/me/self-billing/invoices/${invoice.id}/facturx`);
      expect(res.statusCode).toBe(200);
      const { xml, xmp, names, catalog } = await facturXParts(res.rawPayload);
      expect(names).toContain(`<FEFF${Buffer.from('factur-x.xml', 'utf16le').swap16().toString('hex').toUpperCase()}>`);
      expect(catalog).toContain('/AF');
      expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
      expect(xmp).toMatch(/ConformanceLevel>EN 16931</);
      expect(xml).not.toBeNull();
      const x = xml as string;
      // Required EN 16931 fields.
      expect(x).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(x).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
      expect(tag(x, 'TypeCode')).toBe('389');
      expect(x).toMatch(/<ram:IssueDateTime>\s*<udt:DateTimeString format="102">\d{8}</);
      expect(x).toContain('<ram:Content>Autofacturation</ram:Content>');
      expect(x).toContain('<ram:Name>Dupont Conseil</ram:Name>');
      expect(x).toContain('<ram:Name>Synergie Pro SAS</ram:Name>');
      expect(x).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
      expect(tag(x, 'InvoiceCurrencyCode')).toBe('EUR');
      // BT-9: payment on receipt, due on the issue date; the L441-9/L441-10 mentions as notes.
      const issued = x.match(/<ram:IssueDateTime>\s*<udt:DateTimeString format="102">(\d{8})</)?.[1];
      expect(issued).toMatch(/^\d{8}$/);
      expect(x).toMatch(
        new RegExp(`<ram:DueDateDateTime>\\s*<udt:DateTimeString format="102">${issued}</udt:DateTimeString>`),
      );
      for (const mention of LATE_PAYMENT_MENTIONS) expect(x).toContain(`<ram:Content>${mention}</ram:Content>`);
      // Totals arithmetic: lines sum, basis + VAT = grand total = due.
      const lineTotals = tags(x, 'LineTotalAmount').map(cents);
      const header = lineTotals.pop() as number;
      expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(header);
      expect(header).toBe(825);
      const vat = cents(x.match(/<ram:TaxTotalAmount currencyID="EUR">([^<]+)</)?.[1]);
      expect(cents(tag(x, 'TaxBasisTotalAmount')) + vat).toBe(cents(tag(x, 'GrandTotalAmount')));
      expect(cents(tag(x, 'DuePayableAmount'))).toBe(cents(tag(x, 'GrandTotalAmount')));
      expect(cents(tag(x, 'CalculatedAmount'))).toBe(vat);
      if (form.vatStatus === 'franchise') {
        expect(vat).toBe(0);
        expect(x).toContain(`<ram:ExemptionReason>${FRANCHISE_MENTION}</ram:ExemptionReason>`);
        expect(x).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
      } else {
        expect(vat).toBe(165);
        expect(x).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
      }
      // The EN 16931 business rules as factur-x-kit checks them.
      const parsed = await FacturX.fromXML(x);
      expect(parsed.validate()).toEqual({ valid: true });
      // The XSD, on the embedded XML and on the XML our builder writes.
      expect(await facturXSchemaErrors(x)).toEqual([]);
      const own = invoiceCii(await loadInvoice(db, invoice.id, { userId: sponsor.userId, admin: false }));
      expect(await facturXSchemaErrors(own)).toEqual([]);
      expect(await facturXSchemaErrors(own.replace('<ram:TypeCode>389</ram:TypeCode>', ''))).not.toEqual([]);
    }
  });
});

describe('contests and credit notes', () => {
  it('a contest within 15 days reaches the admins; the credit note cancels the invoice in the same series', async () => {
    const sponsor = await withMandate();
    const l = await line(sponsor.userId, '2025-11', 825);
    await admin.post('/api/admin/self-billing/2025-11/close');
    const [invoice] = await myInvoices(sponsor);
    const contest = await sponsor.post(`/api/me/self-billing/invoices/${invoice.id}/contest`, {
      reason: 'Le montant ne correspond pas à mon relevé.',
    });
    expect(contest.statusCode).toBe(204);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, ADMIN));
    expect(mails.some((m) => m.subject === `Facture ${invoice.number} contestée par Dupont Conseil`)).toBe(true);
    const twice = await sponsor.post(`/api/me/self-billing/invoices/${invoice.id}/contest`, {
      reason: 'Encore une fois',
    });
    expect(twice.json().error.code).toBe('ALREADY_CONTESTED');
    const listing = (await admin.get('/api/admin/self-billing?month=2025-11')).json();
    expect(listing.contests.map((c: { id: string }) => c.id)).toContain(invoice.id);

    const credit = await admin.post(`/api/admin/self-billing/invoices/${invoice.id}/credit-note`);
    expect(credit.statusCode).toBe(200);
    expect(credit.json().number).toBe(invoice.number.replace(/-0001$/, '-0002'));
    const docs = await myInvoices(sponsor);
    const note = docs.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(note).toMatchObject({ totalInclVatCents: -825, creditsNumber: invoice.number });
    expect(docs.find((d: { id: string }) => d.id === invoice.id)).toMatchObject({
      creditedBy: note.number,
      totalInclVatCents: 825,
    });
    const [reopened] = await db.select().from(commissions).where(eq(commissions.id, l.id));
    expect(reopened?.status).toBe('pending');
    const again = await admin.post(`/api/admin/self-billing/invoices/${invoice.id}/credit-note`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVOICE_ALREADY_CREDITED');
    expect((await admin.get('/api/admin/self-billing?month=2025-11')).json().contests).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: invoice.id })]),
    );

    const notePdf = await pdfText((await sponsor.get(`/api/me/self-billing/invoices/${note.id}/pdf`)).rawPayload);
    expect(notePdf).toContain(`Annule la facture n° ${invoice.number}`);
    expect(notePdf).toContain('-8,25 €');
    const noteXml = (
      await facturXParts((await sponsor.get(`/api/me/self-billing/invoices/${note.id}/facturx`)).rawPayload)
    ).xml as string;
    expect(tag(noteXml, 'TypeCode')).toBe('261');
    expect(tag(noteXml, 'IssuerAssignedID')).toBe(invoice.number);
    expect(await facturXSchemaErrors(noteXml)).toEqual([]);
    expect((await FacturX.fromXML(noteXml)).validate()).toEqual({ valid: true });

    // The released line is invoiced again at the next closing, numbered next.
    await admin.post('/api/admin/self-billing/2025-12/close');
    const numbers = (await myInvoices(sponsor)).map((d: { number: string }) => d.number.slice(-4)).sort();
    expect(numbers).toEqual(['0001', '0002', '0003']);
  });

  it('refuses a contest after 15 days with a French message', async () => {
    const sponsor = await withMandate();
    await line(sponsor.userId, '2025-06', 500);
    await admin.post('/api/admin/self-billing/2025-06/close');
    const [invoice] = await myInvoices(sponsor);
    await db
      .update(selfBillingInvoices)
      .set({ issuedAt: new Date(Date.now() - 16 * 24 * 60 * 60 * 1000) })
      .where(eq(selfBillingInvoices.id, invoice.id));
    const late = await sponsor.post(`/api/me/self-billing/invoices/${invoice.id}/contest`, {
      reason: 'Le montant est faux.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'CONTEST_TOO_LATE',
      message: 'Le délai de contestation de 15 jours est dépassé\u00a0: cette facture ne peut plus être contestée.',
    });
    const other = await signUp(t);
    expect(
      (await other.post(`/api/me/self-billing/invoices/${invoice.id}/contest`, { reason: 'Pas à moi.' })).statusCode,
    ).toBe(404);
  });

  it('issueCreditNote refuses a credit note of a credit note', async () => {
    const sponsor = await withMandate();
    await line(sponsor.userId, '2025-07', 500);
    await admin.post('/api/admin/self-billing/2025-07/close');
    const [invoice] = await myInvoices(sponsor);
    const note = await issueCreditNote(t.app.ctx, invoice.id);
    await expect(issueCreditNote(t.app.ctx, note.id)).rejects.toMatchObject({ code: 'NOT_CONTESTABLE' });
  });
});

describe('names outside WinAnsi', () => {
  it('draws what the font can, without accents or as ?, narrow and thin spaces as no-break spaces', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(drawableText(font, 'Łukasz Nguyễn')).toBe('?ukasz Nguyen');
    expect(drawableText(font, 'Zoë 🚀 Ørsted')).toBe('Zoë ? Ørsted');
    expect(drawableText(font, '2\u202f400\u2009€\u2007x')).toBe('2\u00a0400\u00a0€\u00a0x');
    expect(drawableText(font, 'Ağaç Şahin')).toBe('Agaç Sahin');
  });

  it('PDF and Factur-X answer 200 for a referred member and a mandate with such names; the XML keeps them', async () => {
    const strange = 'Łukasz Nguyễn\u2009🚀 Conseil\u202fSARL';
    const sponsor = await withMandate({
      ...franchiseForm,
      legalName: strange,
      addressLine: '3\u202frue de Łódź ✨',
      city: 'Saint-Étienne\u2007Ville',
    });
    const referred = await signUp(t, { name: 'Nguyễn Thị Minh 🎉' });
    await line(sponsor.userId, '2025-02', 825, 'first', referred.userId);
    await admin.post('/api/admin/self-billing/2025-02/close');
    const [invoice] = await myInvoices(sponsor);
    for (const path of [
      `/api/me/self-billing/invoices/${invoice.id}/pdf`,
      `/api/admin/self-billing/invoices/${invoice.id}/pdf`,
    ]) {
      const res = await (path.startsWith('/api/admin') ? admin : sponsor).get(path);
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('?ukasz Nguyen ? Conseil SARL');
      expect(text).toContain('Nguyen Thi Minh ?');
    }
    const fx = await sponsor.get(`/api/me/self-billing/invoices/${invoice.id}/facturx`);
    expect(fx.statusCode).toBe(200);
    const xml = (await facturXParts(fx.rawPayload)).xml as string;
    expect(xml).toContain(`<ram:Name>${strange}</ram:Name>`);
    expect(xml).toContain('Nguyễn Thị Minh 🎉');
    expect(xml).toContain('<ram:LineOne>3\u202frue de Łódź ✨</ram:LineOne>');
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    expect((await admin.get(`/api/admin/self-billing/invoices/${invoice.id}/facturx`)).statusCode).toBe(200);
  });
});

describe('a credit note after the beneficiary deleted their account', () => {
  it('continues the same series (numbering keyed by series); the mandate is kept without its member', async () => {
    const sponsor = await withMandate();
    await line(sponsor.userId, '2025-01', 700);
    await admin.post('/api/admin/self-billing/2025-01/close');
    const [invoice] = await myInvoices(sponsor);
    expect(invoice.number).toMatch(/-0001$/);
    const contest = await sponsor.post(`/api/me/self-billing/invoices/${invoice.id}/contest`, {
      reason: 'Commission déjà reçue le mois dernier.',
    });
    expect(contest.statusCode).toBe(204);
    const [mandateBefore] = await db
      .select()
      .from(selfBillingMandates)
      .where(eq(selfBillingMandates.userId, sponsor.userId));
    const gone = await sponsor.delete('/api/me', { confirmEmail: sponsor.member.email });
    expect(gone.statusCode).toBe(200);

    const [kept] = await db
      .select()
      .from(selfBillingMandates)
      .where(eq(selfBillingMandates.id, mandateBefore?.id as string));
    expect(kept).toMatchObject({ userId: null, text: mandateBefore?.text, acceptedAt: mandateBefore?.acceptedAt });
    const [orphan] = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.id, invoice.id));
    expect(orphan?.userId).toBeNull();

    const credit = await admin.post(`/api/admin/self-billing/invoices/${invoice.id}/credit-note`);
    expect(credit.statusCode).toBe(200);
    expect(credit.json().number).toBe(invoice.number.replace(/-0001$/, '-0002'));
    const [note] = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.id, credit.json().id));
    expect(note).toMatchObject({ series: orphan?.series, userId: null, totalInclVatCents: -700 });
    expect(invoice.number).toContain(`-${orphan?.series}-`);
  });
});

describe('Factur-X the French rules accept (issue 32)', () => {
  const FR_RULE_IDS = ['BR-FR-05', 'BR-FR-12', 'BR-FR-13', 'BR-FR-16', 'BR-FR-DEC-04', 'PEPPOL-EN16931-R008'];

  // Four documents, each parsed by libxml2 several times: more than 30 s on a busy machine.
  it('XMP in UTF-8 with the standard xpacket id, parsed as XML; the XML passes BR-FR and R008 and the XSD', {
    timeout: 120_000,
  }, async () => {
    const checked: string[] = [];
    for (const form of [franchiseForm, assujettiForm]) {
      const sponsor = await withMandate({ ...form, legalName: 'Démo Conseil' });
      await line(sponsor.userId, '2024-09', 825);
      await admin.post('/api/admin/self-billing/2024-09/close');
      const [invoice] = await myInvoices(sponsor);
      const note = await issueCreditNote(t.app.ctx, invoice.id);
      for (const [doc, kind] of [
        [invoice, 'Facture'],
        [note, 'Avoir'],
      ] as const) {
        const res = await sponsor.get(`/api/me/self-billing/invoices/${doc.id}/facturx`);
        expect(res.statusCode).toBe(200);
        const { xml, xmpBytes } = await facturXParts(res.rawPayload);
        // The XMP: well-formed UTF-8 XML for libxml2, `é` as the two bytes C3 A9, standard packet.
        expect(await xmlParseErrors(xmpBytes)).toEqual([]);
        expect(Buffer.from(xmpBytes).includes(Buffer.from('Démo Conseil', 'utf8'))).toBe(true);
        expect(Buffer.from(xmpBytes).includes(Buffer.from('Démo Conseil', 'latin1'))).toBe(false);
        expect(Buffer.from(xmpBytes).toString('utf8')).toMatch(
          /^<\?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"\?>[\s\S]*<\?xpacket end="w"\?>$/,
        );
        // One libxml2 run for the XMP's properties (the machine is shared: fewer WebAssembly starts).
        const props = await xpath(
          xmpBytes,
          "concat(//dc:creator/rdf:Seq/rdf:li, '|', //dc:title/rdf:Alt/rdf:li, '|', //pdfaid:part, '|', //fx:ConformanceLevel, '|', //fx:DocumentFileName)",
        );
        expect(props.split('|')).toEqual([
          'Démo Conseil',
          `${kind} ${doc.number} de Démo Conseil`,
          '3',
          'EN 16931',
          'factur-x.xml',
        ]);
        // The embedded XML is ours, byte for byte, and passes the French rules, R008 and the XSD.
        const x = xml as string;
        const loaded = await loadInvoice(db, doc.id, { userId: sponsor.userId, admin: false });
        expect(x).toBe(invoiceCii(loaded));
        expect(await failedRules(x, FRENCH_RULES)).toEqual([]);
        expect(await facturXSchemaErrors(x)).toEqual([]);
        expect((await FacturX.fromXML(x)).validate()).toEqual({ valid: true });
        // BT-34 and BT-49: the SIREN in scheme 0225; the AAB note in French; rates as allowed;
        // BT-72, the delivery block, the statement month's last day. One libxml2 run.
        const uri = (role: string) => `//ram:${role}TradeParty/ram:URIUniversalCommunication/ram:URIID`;
        const rates = '//ram:RateApplicablePercent';
        const fields = await xpath(
          x,
          `concat(${uri('Seller')}/@schemeID, ' ', ${uri('Seller')}, '|', ${uri('Buyer')}/@schemeID, ' ', ${uri('Buyer')}, '|', ` +
            `//ram:IncludedNote[ram:SubjectCode = 'AAB']/ram:Content, '|', count(${rates}), ' ', (${rates})[1], ' ', (${rates})[2], '|', ` +
            '//ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent//udt:DateTimeString)',
        );
        const rate = form.vatStatus === 'franchise' ? '0' : '20';
        expect(fields.split('|')).toEqual([
          '0225 732829320',
          `0225 ${t.app.ctx.env.COMPANY_SIREN}`,
          EARLY_PAYMENT_MENTION,
          `2 ${rate} ${rate}`,
          '20240930',
        ]);
        checked.push(`${form.vatStatus} ${kind}`);
      }
    }
    expect(checked).toEqual(['franchise Facture', 'franchise Avoir', 'assujetti Facture', 'assujetti Avoir']);
  });

  it('the checks catch what the validators reported on the former files', { timeout: 120_000 }, async () => {
    const sponsor = await withMandate({ ...assujettiForm, legalName: 'Démo Conseil' });
    await line(sponsor.userId, '2024-08', 825);
    await admin.post('/api/admin/self-billing/2024-08/close');
    const [invoice] = await myInvoices(sponsor);
    const good = invoiceCii(await loadInvoice(db, invoice.id, { userId: sponsor.userId, admin: true }));
    expect(await failedRules(good, FRENCH_RULES)).toEqual([]);
    // The former XML: rates as 0.0000 / 20.0000, no electronic address, no AAB note, empty delivery.
    const former = good
      .replace(
        /<ram:RateApplicablePercent>20<\/ram:RateApplicablePercent>/g,
        '<ram:RateApplicablePercent>20.0000</ram:RateApplicablePercent>',
      )
      .replace(/<ram:URIUniversalCommunication>.*?<\/ram:URIUniversalCommunication>/g, '')
      .replace(
        /<ram:IncludedNote><ram:Content>[^<]*<\/ram:Content><ram:SubjectCode>AAB<\/ram:SubjectCode><\/ram:IncludedNote>/,
        '',
      )
      .replace(
        /<ram:ApplicableHeaderTradeDelivery>.*?<\/ram:ApplicableHeaderTradeDelivery>/,
        '<ram:ApplicableHeaderTradeDelivery/>',
      );
    expect(await facturXSchemaErrors(former)).toEqual([]);
    expect(await failedRules(former, FRENCH_RULES)).toEqual([
      'BR-FR-05',
      'BR-FR-12',
      'BR-FR-13',
      'BR-FR-DEC-04',
      'PEPPOL-EN16931-R008',
    ]);
    // One fault at a time, each caught by its own rule only.
    const one = async (xml: string) => failedRules(xml, FRENCH_RULES);
    expect(await one(good.replace('schemeID="0225">123456782<', 'schemeID="0225"><'))).toEqual([
      'BR-FR-12',
      'PEPPOL-EN16931-R008',
    ]);
    expect(await one(good.replace(/<ram:RateApplicablePercent>20</, '<ram:RateApplicablePercent>19<'))).toEqual([
      'BR-FR-16',
    ]);
    expect(await one(good.replace(/<ram:RateApplicablePercent>20</, '<ram:RateApplicablePercent>20.00<'))).toEqual([]);
    expect(await one(good.replace('<ram:SubjectCode>PMT</ram:SubjectCode>', ''))).toEqual(['BR-FR-05']);
    expect(FR_RULE_IDS).toEqual([...new Set(FRENCH_RULES.map((r) => r.id))]);
    // The former XMP: one Latin-1 byte for `é`, refused by the XML parser.
    const xmp = facturXXmp({
      title: 'Facture',
      author: 'Démo Conseil',
      creator: 'Synergie Pro',
      producer: 'pdf-lib',
      at: new Date(),
    });
    expect(await xmlParseErrors(new TextEncoder().encode(xmp))).toEqual([]);
    expect((await xmlParseErrors(new Uint8Array(Buffer.from(xmp.replace('\ufeff', ''), 'latin1')))).join(' ')).toMatch(
      /encoding|UTF-8/i,
    );
  });

  it('writes VAT rates with at most 2 decimals', () => {
    expect([0, 2000, 550, 210, 105, 1000].map(vatRatePercent)).toEqual(['0', '20', '5.5', '2.1', '1.05', '10']);
    expect(() => vatRatePercent(-1)).toThrow();
  });
});
