import { randomUUID } from 'node:crypto';
import {
  billingDetailsInputSchema,
  euVatMessages,
  euVatNumberProblem,
  frenchVatNumber,
  mandateInputSchema,
  membershipInvoiceMessages,
  REVERSE_CHARGE_PURCHASE_NOTE,
  reverseChargeApplies,
  selfBillingMessages,
} from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { FacturX } from 'factur-x-kit';
import { describe, expect, it } from 'vitest';
import { invoices, membershipInvoices, profiles, selfBillingInvoices, selfBillingMandates } from '../src/db/schema';
import { fecEntries, fecText } from '../src/domain/fec';
import { invoiceSellerOf, loadMembershipDocument } from '../src/domain/membership-invoices';
import { closeMonth, loadInvoice } from '../src/domain/self-billing';
import { invoiceCii } from '../src/domain/self-billing-documents';
import { applyInvoicePaid, applyInvoiceRefunded } from '../src/domain/subscriptions';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { commissionLine } from './helpers/commissions';
import {
  FRENCH_RULES,
  facturXParts,
  facturXSchemaErrors,
  failedRules,
  pdfText,
  REVERSE_CHARGE_RULES,
  xpath,
} from './helpers/pdf';

// Intra-EU reverse charge (issue 32, docs/product/invoicing.md "Autoliquidation"): a member or a
// sponsor established in another member state with its VAT number there.

const ADMIN = 'comptable.autoliquidation@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
const db = t.database.db;
const seller = invoiceSellerOf(t.env);
const admin = await signUp(t, { email: ADMIN });

const germanDetails = {
  vatNumber: 'de 123 456 789',
  addressLine: 'Friedrichstraße 10',
  postcode: '10117',
  city: 'Berlin',
  country: 'DE',
} as const;

const germanMandate = {
  legalName: 'Müller Beratung GmbH',
  addressLine: 'Friedrichstraße 10',
  postcode: '10117',
  city: 'Berlin',
  country: 'DE',
  vatStatus: 'autoliquidation',
  vatNumber: 'DE123456789',
  accepted: true,
} as const;

const messagesOf = (schema: typeof billingDetailsInputSchema | typeof mandateInputSchema, value: object) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

async function pay(userId: string, paidAt: Date, amountCents = 9900) {
  const paymentId = `in_${randomUUID()}`;
  await applyInvoicePaid(
    db,
    { id: `evt_${randomUUID()}`, provider: 'stripe', type: 'invoice.paid', occurredAt: paidAt },
    { provider: 'stripe', providerInvoiceId: paymentId, userId, planId: 'monthly', amountCents, paidAt },
    seller,
  );
  return paymentId;
}

describe('VAT numbers of the other member states (euVatNumberProblem)', () => {
  it('accepts each country’s format, with its prefix (EL for Greece)', () => {
    for (const [vat, country] of [
      ['ATU12345678', 'AT'],
      ['BE0123456789', 'BE'],
      ['DE123456789', 'DE'],
      ['ESX1234567X', 'ES'],
      ['ESB12345678', 'ES'],
      ['IT12345678901', 'IT'],
      ['LU12345678', 'LU'],
      ['NL123456789B01', 'NL'],
      ['PT123456789', 'PT'],
      ['EL123456789', 'GR'],
      ['IE1234567FA', 'IE'],
    ] as const) {
      expect(euVatNumberProblem(vat, country), vat).toBeNull();
    }
    expect(euVatNumberProblem('de 123.456-789', 'DE')).toBeNull();
  });

  it('refuses a wrong format, another country’s number, a French one, an unknown prefix, in French', () => {
    expect(euVatNumberProblem('ATU1234567', 'AT')).toBe(euVatMessages.wrongFormat('AT'));
    expect(euVatNumberProblem('BE2123456789', 'BE')).toBe(euVatMessages.wrongFormat('BE'));
    expect(euVatNumberProblem('DE12345678', 'DE')).toBe(euVatMessages.wrongFormat('DE'));
    expect(euVatNumberProblem('IT1234567890', 'IT')).toBe(euVatMessages.wrongFormat('IT'));
    expect(euVatNumberProblem('LU1234567', 'LU')).toBe(euVatMessages.wrongFormat('LU'));
    expect(euVatNumberProblem('NL123456789A01', 'NL')).toBe(euVatMessages.wrongFormat('NL'));
    expect(euVatNumberProblem('PT12345678', 'PT')).toBe(euVatMessages.wrongFormat('PT'));
    expect(euVatNumberProblem('DE123456789', 'AT')).toBe(euVatMessages.otherCountry('AT'));
    expect(euVatNumberProblem('GR123456789', 'GR')).toBe(euVatMessages.unknownPrefix);
    expect(euVatNumberProblem('FR44732829320', 'DE')).toBe(euVatMessages.french);
    expect(euVatNumberProblem('US123456789')).toBe(euVatMessages.unknownPrefix);
    expect(euVatMessages.wrongFormat('DE')).toBe(
      'Ce numéro de TVA n’a pas le format attendu pour ce pays\u00a0: DE puis 9 chiffres.',
    );
    expect(euVatMessages.otherCountry('AT')).toBe(
      'Ce numéro de TVA ne correspond pas au pays choisi (Autriche)\u00a0: il doit commencer par AT.',
    );
  });

  it('reverse charge: outside France, with that country’s well-formed number; never in France or without a number', () => {
    expect(reverseChargeApplies({ country: 'DE', vatNumber: 'DE123456789' })).toBe(true);
    expect(reverseChargeApplies({ country: 'DE', vatNumber: null })).toBe(false);
    expect(reverseChargeApplies({ country: 'DE', vatNumber: 'AT123' })).toBe(false);
    expect(reverseChargeApplies({ country: 'FR', vatNumber: 'FR44732829320' })).toBe(false);
    expect(reverseChargeApplies({ country: 'US', vatNumber: 'DE123456789' })).toBe(false);
  });
});

describe('a member established in another member state', () => {
  it('billing details: the country and its VAT number, no SIREN; bad input is refused in French', () => {
    expect(messagesOf(billingDetailsInputSchema, germanDetails)).toEqual([]);
    expect(billingDetailsInputSchema.parse(germanDetails)).toMatchObject({ vatNumber: 'DE123456789', country: 'DE' });
    // No country: France, as before.
    expect(billingDetailsInputSchema.parse({}).country).toBe('FR');
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, vatNumber: 'DE12345678' })).toEqual([
      `vatNumber: ${euVatMessages.wrongFormat('DE')}`,
    ]);
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, siren: '732829320' })).toEqual([
      `siren: ${euVatMessages.noSirenAbroad}`,
    ]);
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, vatNumber: 'ATU12345678' })).toEqual([
      `vatNumber: ${euVatMessages.otherCountry('DE')}`,
    ]);
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, postcode: '1' })).toEqual([
      `postcode: ${euVatMessages.postcodeAbroad}`,
    ]);
    // France chosen with a German number: choose the country.
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, country: 'FR', postcode: '75001' })).toEqual([
      `vatNumber: ${membershipInvoiceMessages.vatOtherCountry}`,
    ]);
    expect(messagesOf(billingDetailsInputSchema, { ...germanDetails, country: 'US' })).toEqual([
      `country: ${euVatMessages.countryRequired}`,
    ]);
  });

  it('PUT /api/me/billing-details: 400 in French and nothing saved for a wrong format; saved with reverseCharge', async () => {
    const member = await signUp(t);
    const bad = await member.put('/api/me/billing-details', { ...germanDetails, vatNumber: 'DE1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(euVatMessages.wrongFormat('DE'));
    const [none] = await db
      .select({ vat: profiles.billingVatNumber, country: profiles.billingCountry })
      .from(profiles)
      .where(eq(profiles.userId, member.userId));
    expect(none?.vat ?? null).toBeNull();
    expect(none?.country ?? 'FR').toBe('FR');
    const withSiren = await member.put('/api/me/billing-details', { ...germanDetails, siren: '732829320' });
    expect(withSiren.statusCode).toBe(400);
    expect(withSiren.json().error.message).toBe(euVatMessages.noSirenAbroad);

    const saved = await member.put('/api/me/billing-details', germanDetails);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      siren: null,
      vatNumber: 'DE123456789',
      addressLine: 'Friedrichstraße 10',
      postcode: '10117',
      city: 'Berlin',
      country: 'DE',
      reverseCharge: true,
    });
    expect((await member.get('/api/me/membership-invoices')).json().details.reverseCharge).toBe(true);
  });

  it('99 € paid: invoiced 99 € HT, VAT 0, `Autoliquidation`; the payment and the credit note alike', async () => {
    const member = await signUp(t, { name: 'Hans Müller' });
    expect((await member.put('/api/me/billing-details', germanDetails)).statusCode).toBe(200);
    const paymentId = await pay(member.userId, new Date('2037-03-10T09:00:00Z'));
    const [payment] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, paymentId));
    expect(payment).toMatchObject({ amountCents: 9900, amountExclVatCents: 9900, vatCents: 0 });
    await applyInvoiceRefunded(
      db,
      { id: `evt_${randomUUID()}`, provider: 'stripe', type: 'charge.refunded', occurredAt: new Date() },
      { providerInvoiceId: paymentId, refundedAt: new Date('2037-03-20T09:00:00Z') },
      seller,
    );
    const docs = await db
      .select()
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, member.userId))
      .orderBy(membershipInvoices.issuedAt);
    expect(docs.map((d) => [d.kind, d.totalExclVatCents, d.vatCents, d.totalInclVatCents, d.vatRateBps])).toEqual([
      ['invoice', 9900, 0, 9900, 0],
      ['credit_note', -9900, 0, -9900, 0],
    ]);
    expect(docs.every((d) => d.reverseCharge)).toBe(true);
    expect(docs[0]?.buyer).toMatchObject({ siren: '', vatNumber: 'DE123456789', country: 'DE', city: 'Berlin' });
    const mine = (await member.get('/api/me/membership-invoices')).json();
    expect(mine.invoices.map((i: { reverseCharge: boolean }) => i.reverseCharge)).toEqual([true, true]);

    // A French member paying the same day: 20 % as before.
    const french = await signUp(t);
    await pay(french.userId, new Date('2037-03-10T10:00:00Z'));
    const [frenchDoc] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, french.userId));
    expect(frenchDoc).toMatchObject({ totalExclVatCents: 8250, vatCents: 1650, reverseCharge: false });

    // The database refuses a reverse-charge invoice carrying VAT.
    await expect(
      db
        .update(membershipInvoices)
        .set({ vatRateBps: 2000 })
        .where(eq(membershipInvoices.id, docs[0]?.id as string)),
    ).rejects.toThrow();
  });

  it('PDF and Factur-X: `Autoliquidation`, category AE, VATEX-EU-AE, both VAT numbers; XSD and BR-AE pass', {
    timeout: 120_000,
  }, async () => {
    const member = await signUp(t, { name: 'Hans Müller' });
    expect((await member.put('/api/me/billing-details', germanDetails)).statusCode).toBe(200);
    await pay(member.userId, new Date('2037-04-10T09:00:00Z'));
    const [doc] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, member.userId));
    const id = doc?.id as string;
    const pdf = await member.get(`/api/me/membership-invoices/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Autoliquidation');
    expect(text).toMatch(/N° TVA intracommunautaire\s:\sDE123456789/);
    expect(text).toMatch(/Autoliquidation\s:\sTVA due par le preneur \(art\. 259, 1° du CGI/);
    expect(text).toContain('Allemagne');
    expect(text).not.toContain('TVA 20');

    const fx = await member.get(`/api/me/membership-invoices/${id}/facturx`);
    const xml = (await facturXParts(fx.rawPayload)).xml as string;
    expect(xml).toBe(invoiceCii(await loadMembershipDocument(db, id, { userId: member.userId, admin: false })));
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    expect((await FacturX.fromXML(xml)).validate()).toEqual({ valid: true });
    expect(await failedRules(xml, REVERSE_CHARGE_RULES)).toEqual([]);
    // The buyer has no SIREN, so no BT-49 in the French directory's scheme (BR-FR-12): an invoice to
    // a business of another member state is outside the French exchange (it is e-reported).
    expect(await failedRules(xml, FRENCH_RULES)).toEqual(['BR-FR-12']);
    const fields = await xpath(
      xml,
      "concat(//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode, '|', " +
        "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReasonCode, '|', " +
        "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason, '|', " +
        "//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID, '|', " +
        "//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID, '|', " +
        "//ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID, '|', " +
        "//ram:TaxTotalAmount, '|', //ram:GrandTotalAmount, '|', " +
        "count(//ram:IncludedNote[starts-with(ram:Content, 'Autoliquidation')]))",
    );
    expect(fields.split('|')).toEqual([
      'AE',
      'VATEX-EU-AE',
      'Autoliquidation',
      seller.vatNumber,
      'DE123456789',
      'DE',
      '0.00',
      '99.00',
      '1',
    ]);
  });

  it('the BR-AE asserts catch a reverse-charge invoice with VAT, no reason or no buyer VAT number', async () => {
    const member = await signUp(t);
    expect((await member.put('/api/me/billing-details', germanDetails)).statusCode).toBe(200);
    await pay(member.userId, new Date('2037-05-10T09:00:00Z'));
    const [doc] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, member.userId));
    const good = invoiceCii(await loadMembershipDocument(db, doc?.id as string, { userId: '', admin: true }));
    expect(await failedRules(good, REVERSE_CHARGE_RULES)).toEqual([]);
    const withVat = good.replace(
      /<ram:CalculatedAmount>0.00<\/ram:CalculatedAmount>/,
      '<ram:CalculatedAmount>19.80</ram:CalculatedAmount>',
    );
    expect(await failedRules(withVat, REVERSE_CHARGE_RULES)).toEqual(['BR-AE-09']);
    const noReason = good
      .replace(/<ram:ExemptionReason>[^<]*<\/ram:ExemptionReason>/, '')
      .replace(/<ram:ExemptionReasonCode>[^<]*<\/ram:ExemptionReasonCode>/, '');
    expect(await failedRules(noReason, REVERSE_CHARGE_RULES)).toEqual(['BR-AE-10', 'AE-CODE']);
    const noBuyerVat = good.replace(
      /(<ram:BuyerTradeParty>.*?)<ram:SpecifiedTaxRegistration>.*?<\/ram:SpecifiedTaxRegistration>/,
      '$1',
    );
    expect(await failedRules(noBuyerVat, REVERSE_CHARGE_RULES)).toEqual(['BR-AE-02']);
    const rated = good.replace(
      /<ram:RateApplicablePercent>0<\/ram:RateApplicablePercent>/,
      '<ram:RateApplicablePercent>20</ram:RateApplicablePercent>',
    );
    expect(await failedRules(rated, REVERSE_CHARGE_RULES)).toEqual(['BR-AE-05']);
    const noMention = good.replace(
      /<ram:IncludedNote><ram:Content>Autoliquidation[^<]*<\/ram:Content><\/ram:IncludedNote>/,
      '',
    );
    expect(await failedRules(noMention, REVERSE_CHARGE_RULES)).toEqual(['FR-AUTOLIQUIDATION']);
  });
});

describe('a sponsor established in another member state (self-billing)', () => {
  it('the mandate: autoliquidation with the country and its VAT number, no SIREN; bad input refused, nothing saved', async () => {
    expect(messagesOf(mandateInputSchema, germanMandate)).toEqual([]);
    expect(messagesOf(mandateInputSchema, { ...germanMandate, vatNumber: 'DE12' })).toEqual([
      `vatNumber: ${euVatMessages.wrongFormat('DE')}`,
    ]);
    expect(messagesOf(mandateInputSchema, { ...germanMandate, vatNumber: '' })).toEqual([
      `vatNumber: ${euVatMessages.vatRequired}`,
    ]);
    expect(messagesOf(mandateInputSchema, { ...germanMandate, country: 'FR', postcode: '69001' })).toEqual([
      `country: ${euVatMessages.countryOutsideFrance}`,
    ]);
    expect(messagesOf(mandateInputSchema, { ...germanMandate, siren: '732829320' })).toEqual([
      `siren: ${euVatMessages.noSirenAbroad}`,
    ]);
    expect(messagesOf(mandateInputSchema, { ...germanMandate, vatStatus: 'franchise', vatNumber: undefined })).toEqual([
      `vatStatus: ${selfBillingMessages.frenchStatusAbroad}`,
    ]);

    const member = await signUp(t);
    const bad = await member.put('/api/me/self-billing/mandate', { ...germanMandate, vatNumber: 'NL123456789B01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(euVatMessages.otherCountry('DE'));
    expect(await db.select().from(selfBillingMandates).where(eq(selfBillingMandates.userId, member.userId))).toEqual(
      [],
    );
    const ok = await member.put('/api/me/self-billing/mandate', germanMandate);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      siren: '',
      country: 'DE',
      vatStatus: 'autoliquidation',
      vatNumber: 'DE123456789',
    });
    // The database keeps reverse charge for a business outside France only.
    await expect(
      db.update(selfBillingMandates).set({ country: 'FR' }).where(eq(selfBillingMandates.userId, member.userId)),
    ).rejects.toThrow();
  });

  it('the commission invoice: no VAT, `Autoliquidation`, AE; XSD and BR-AE pass; the FEC self-assesses, balanced', {
    timeout: 120_000,
  }, async () => {
    const sponsor = await signUp(t);
    expect((await sponsor.put('/api/me/self-billing/mandate', germanMandate)).statusCode).toBe(200);
    await commissionLine(db, sponsor.userId, '2038-03', 825);
    await commissionLine(db, sponsor.userId, '2038-03', 1650);
    const closed = await closeMonth(t.app.ctx, '2038-03', new Date('2038-04-01T08:00:00Z'));
    expect(closed.invoices).toHaveLength(1);
    const [row] = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.userId, sponsor.userId));
    expect(row).toMatchObject({
      vatStatus: 'autoliquidation',
      vatRateBps: 0,
      totalExclVatCents: 2475,
      vatCents: 0,
      totalInclVatCents: 2475,
    });
    expect(row?.issuer).toMatchObject({ siren: '', country: 'DE', vatNumber: 'DE123456789' });

    const pdf = await sponsor.get(`/api/me/self-billing/invoices/${row?.id}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Autoliquidation');
    expect(text.replace(/\s/g, ' ')).toContain(REVERSE_CHARGE_PURCHASE_NOTE.replace(/\s/g, ' '));
    expect(text).not.toContain('SIREN\u00a0: \n');
    expect(text).not.toContain('Franchise en base');

    const xml = invoiceCii(await loadInvoice(db, row?.id as string, { userId: sponsor.userId, admin: false }));
    const fx = await sponsor.get(`/api/me/self-billing/invoices/${row?.id}/facturx`);
    expect((await facturXParts(fx.rawPayload)).xml).toBe(xml);
    expect(await facturXSchemaErrors(xml)).toEqual([]);
    expect((await FacturX.fromXML(xml)).validate()).toEqual({ valid: true });
    expect(await failedRules(xml, REVERSE_CHARGE_RULES)).toEqual([]);
    // The seller has no SIREN: no BT-34 in the French scheme (BR-FR-13), as for the member above.
    expect(await failedRules(xml, FRENCH_RULES)).toEqual(['BR-FR-13']);
    const fields = await xpath(
      xml,
      "concat(//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID, '|', " +
        "//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID, '|', " +
        "//ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID, '|', " +
        "count(//ram:SellerTradeParty/ram:SpecifiedLegalOrganization), '|', " +
        "count(//ram:CategoryCode[. = 'AE']), '|', //ram:TaxTotalAmount)",
    );
    expect(fields.split('|')).toEqual([
      'DE123456789',
      frenchVatNumber(t.env.COMPANY_SIREN),
      'DE',
      '0',
      '3', // two lines and the breakdown
      '0.00',
    ]);

    // The FEC: 622100 debit HT, 401000 credit HT; the self-assessed 20 % (4,95 €) owed and deducted.
    const entry = (await fecEntries(db, 2038)).find((e) => e.piece === row?.number);
    expect(entry?.lines.map((l) => [l.account.num, l.cents])).toEqual([
      ['622100', 2475],
      ['401000', -2475],
      ['445662', 495],
      ['445200', -495],
    ]);
    expect(entry?.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(0);
    // fecText checks every entry's balance as it writes the file.
    const fec = await fecText(db, 2038);
    expect(fec).toContain('\t445200\tTVA due intracommunautaire\t');
    const res = await admin.get('/api/admin/accounting/2038/fec');
    expect(res.statusCode).toBe(200);
  });

  it('the FEC of a reverse-charge membership invoice has no VAT line and balances', async () => {
    const member = await signUp(t);
    expect((await member.put('/api/me/billing-details', germanDetails)).statusCode).toBe(200);
    await pay(member.userId, new Date('2039-02-10T09:00:00Z'));
    const [entry] = await fecEntries(db, 2039);
    expect(entry?.lines.map((l) => [l.account.num, l.cents])).toEqual([
      ['411000', 9900],
      ['706000', -9900],
    ]);
    await expect(fecText(db, 2039)).resolves.toContain('\t706000\t');
  });
});
