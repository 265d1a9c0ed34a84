import {
  EU_COUNTRIES,
  FRANCHISE_MENTION,
  formatCalendarDate,
  formatDate,
  formatMoney,
  formatMonth,
  isEuCountry,
  REVERSE_CHARGE_MENTION,
  REVERSE_CHARGE_PURCHASE_NOTE,
  SELF_BILLING_MENTION,
  SELF_BILLING_VAT_RATE_BPS,
} from '@synergie/shared';
import type { PDFFont, PDFObject } from 'pdf-lib';
import { escapeHtml } from '../lib/html';
import type { InvoiceLine, LoadedInvoice, Party } from './self-billing';

/**
 * A document Synergie Pro issues as the seller (the membership invoices and their credit notes,
 * domain/membership-invoices.ts) rather than in a beneficiary's name: titled `Facture` / `Avoir`,
 * typed 380 / 381, with the seller's legal mentions and payment terms from the settings.
 */
export interface SaleDocument {
  /** The period the document covers, Paris calendar days 'YYYY-MM-DD'. */
  periodStart: string;
  periodEnd: string;
  /** Printed under the totals and written as notes of the XML (RCS, legal form, VAT regime). */
  notes: string[];
  paymentTerms: string;
  /** The late-payment penalties and the recovery indemnity (code de commerce L441-10). */
  paymentMentions: readonly [string, string];
}

/** What the generator draws: a self-billed document (loadInvoice) or a sale document. */
export type InvoiceDocument = {
  row: Pick<
    LoadedInvoice['row'],
    'kind' | 'number' | 'issuedAt' | 'month' | 'vatStatus' | 'totalExclVatCents' | 'vatCents' | 'totalInclVatCents'
  >;
  issuer: Party;
  client: Party;
  lines: Pick<InvoiceLine, 'label' | 'month' | 'amountCents'>[];
  credits: { number: string; issuedAt: Date } | null;
  sale?: SaleDocument;
};

/**
 * The documents of a self-billed invoice (docs/decisions/0008-factur-x.md): the PDF drawn with
 * pdf-lib, the CII XML (UN/CEFACT Cross Industry Invoice, EN 16931 profile) written here, and the
 * Factur-X PDF (PDF/A-3 with the XML as `factur-x.xml`) made by factur-x-kit from that XML.
 */

/**
 * What a standard font (WinAnsi) can draw of a text: pdf-lib throws `WinAnsi cannot encode` on any
 * other character, and names and addresses come from members (Łukasz, Nguyễn, emoji...). Narrow and
 * thin spaces become no-break spaces; a character outside the font loses its accents (NFD, combining
 * marks removed) when that is enough, else becomes '?'. Only the drawing changes: the Factur-X XML
 * keeps the exact text.
 */
const charsets = new WeakMap<PDFFont, Set<number>>();
export function drawableText(font: PDFFont, value: string): string {
  let charset = charsets.get(font);
  if (!charset) {
    charset = new Set(font.getCharacterSet());
    charsets.set(font, charset);
  }
  const known = charset;
  const drawable = (text: string) => [...text].every((ch) => known.has(ch.codePointAt(0) as number));
  let out = '';
  for (const ch of value.replace(/[\u202f\u2009\u2007]/g, '\u00a0')) {
    if (drawable(ch)) {
      out += ch;
      continue;
    }
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += bare && drawable(bare) ? bare : '?';
  }
  return out;
}
export const euros = (cents: number) => formatMoney(cents);

/** `de novembre 2026`, `d’octobre 2026`: a statement month after `relevé`, elided before a vowel. */
export const ofMonth = (month: string) => {
  const label = formatMonth(month);
  return /^[aeiouyàâéèêh]/i.test(label) ? `d’${label}` : `de ${label}`;
};

/** The first and last day of a statement month, 'YYYY-MM-DD'. */
function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

const parisDay = (at: Date) =>
  new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);

function partyLines(p: Party, sale = false): string[] {
  // A sale's buyer may have no SIREN or VAT number yet (a member who has not given them); a
  // company of another member state has none, and its country is written under its city.
  return [
    p.name,
    p.addressLine,
    `${p.postcode} ${p.city}`,
    p.country !== 'FR' && isEuCountry(p.country) ? EU_COUNTRIES[p.country].name : '',
    p.siret ? `SIRET\u00a0: ${p.siret}` : !p.siren ? '' : `SIREN\u00a0: ${p.siren}`,
    p.vatNumber ? `N° TVA intracommunautaire\u00a0: ${p.vatNumber}` : sale ? '' : 'Franchise en base de TVA',
  ].filter((line) => line.trim() !== '');
}

/** The readable PDF: `Autofacturation`, issuer, client, lines, totals, VAT mention. */
export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const { row, issuer, client, lines, credits, sale } = doc;
  // Loaded at the first PDF rather than at start-up (docs/performance.md, "Memory and start").
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const isCredit = row.kind === 'credit_note';
  pdf.setTitle(`${isCredit ? 'Avoir' : 'Facture'} ${row.number}`);
  pdf.setAuthor(issuer.name);
  pdf.setCreator('Synergie Pro');
  pdf.setProducer('Synergie Pro');
  pdf.setLanguage('fr-FR');
  pdf.setSubject(sale ? `${isCredit ? 'Avoir' : 'Facture'} ${issuer.name}` : SELF_BILLING_MENTION);
  pdf.setCreationDate(row.issuedAt);
  pdf.setModificationDate(row.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595.28, 841.89]);
  const margin = 50;
  let y = 790;
  // Every text drawn goes through drawableText (see above).
  const text = (value: string, x: number, size = 10, font: PDFFont = regular, color = rgb(0.1, 0.1, 0.1)) => {
    page.drawText(drawableText(font, value), { x, y, size, font, color });
  };
  const right = (value: string, xRight: number, size = 10, font: PDFFont = regular) => {
    const w = font.widthOfTextAtSize(drawableText(font, value), size);
    text(value, xRight - w, size, font);
  };
  const newLine = (step = 14) => {
    y -= step;
    if (y < 80) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };

  text(sale ? (isCredit ? 'AVOIR' : 'FACTURE') : SELF_BILLING_MENTION.toUpperCase(), margin, 18, bold);
  right(`${isCredit ? 'AVOIR' : 'FACTURE'} N° ${row.number}`, 545, 12, bold);
  newLine(20);
  if (!sale) {
    text(
      `Facture établie par Synergie Pro au nom et pour le compte de ${issuer.name} (mandat d’autofacturation, art. 289 I-2 du CGI).`,
      margin,
      8,
    );
  }
  newLine(24);
  text(`Date d’émission\u00a0: ${formatDate(row.issuedAt, 'long')}`, margin);
  newLine();
  text(
    `Date d’échéance\u00a0: ${formatDate(row.issuedAt, 'long')} (${sale ? 'payée à la commande' : 'paiement à réception'})`,
    margin,
  );
  newLine();
  const [start, end] = sale ? [sale.periodStart, sale.periodEnd] : monthBounds(row.month);
  const day = (date: string) => formatCalendarDate(date, 'long');
  text(
    sale
      ? `Période\u00a0: du ${day(start)} au ${day(end)}`
      : `Période\u00a0: relevé ${ofMonth(row.month)} (du ${day(start)} au ${day(end)})`,
    margin,
  );
  if (credits) {
    newLine();
    text(`Annule la facture n° ${credits.number} du ${formatDate(credits.issuedAt, 'long')}`, margin, 10, bold);
  }
  newLine(26);
  const top = y;
  text(sale ? 'Vendeur' : 'Émetteur (bénéficiaire)', margin, 10, bold);
  for (const line of partyLines(issuer)) {
    newLine();
    text(line, margin);
  }
  y = top;
  text('Client', 320, 10, bold);
  for (const line of partyLines(client, Boolean(sale))) {
    newLine();
    text(line, 320);
  }
  newLine(30);
  text('Désignation', margin, 10, bold);
  if (!sale) text('Relevé', 380, 10, bold);
  right('Montant HT', 545, 10, bold);
  newLine(6);
  page.drawLine({ start: { x: margin, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (const line of lines) {
    newLine(16);
    text(line.label.length > 70 ? `${line.label.slice(0, 69)}…` : line.label, margin, 9);
    if (sale) {
      // The period in words under the label (a column is too narrow for it).
      newLine(11);
      text(line.month, margin, 8, regular, rgb(0.35, 0.35, 0.35));
    } else text(formatMonth(line.month), 380, 9);
    right(euros(line.amountCents), 545, 9);
  }
  newLine(10);
  page.drawLine({ start: { x: margin, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  newLine(18);
  text('Total HT', 380);
  right(euros(row.totalExclVatCents), 545);
  newLine();
  const noVat = row.vatStatus === 'franchise' || row.vatStatus === 'autoliquidation';
  text(noVat ? 'TVA' : `TVA ${SELF_BILLING_VAT_RATE_BPS / 100}\u202f%`, 380);
  right(euros(row.vatCents), 545);
  newLine();
  text('Total TTC', 380, 11, bold);
  right(euros(row.totalInclVatCents), 545, 11, bold);
  newLine(28);
  if (row.vatStatus === 'franchise') {
    text(FRANCHISE_MENTION, margin, 10, bold);
    newLine();
  }
  if (row.vatStatus === 'autoliquidation') {
    // CGI art. 242 nonies A, I-13°: the mention, then who owes the VAT (a sale's note says it too).
    text(REVERSE_CHARGE_MENTION, margin, 10, bold);
    newLine();
    if (!sale) {
      text(REVERSE_CHARGE_PURCHASE_NOTE, margin, 8);
      newLine(12);
    }
  }
  if (sale) {
    for (const note of sale.notes) {
      text(note, margin, 8);
      newLine(12);
    }
    text(sale.paymentTerms, margin, 8);
  } else {
    text(
      `${SELF_BILLING_MENTION}\u00a0: document émis par le client, contestable par l’émetteur dans les 15 jours suivant son émission.`,
      margin,
      8,
    );
    newLine(12);
    text(`Paiement par virement à réception. ${EARLY_PAYMENT_MENTION}`, margin, 8);
  }
  for (const mention of sale ? sale.paymentMentions : LATE_PAYMENT_MENTIONS) {
    newLine(12);
    text(mention, margin, 8);
  }
  return pdf.save();
}

/** Code de commerce L441-9 and L441-10: the late-payment penalties and the fixed recovery indemnity. */
export const LATE_PAYMENT_MENTIONS = [
  'Taux des pénalités de retard\u00a0: trois fois le taux d’intérêt légal.',
  'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u00a0: 40\u00a0€.',
] as const;

/**
 * The discount terms (UNTDID 4451 subject code AAB), required as a note by the French e-invoicing
 * rules (BR-FR-05, with PMD and PMT above): payment on receipt, no early-payment discount.
 */
export const EARLY_PAYMENT_MENTION = 'Pas d’escompte pour paiement anticipé.';

export const xmlEscape = escapeHtml;
const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const date102 = (day: string) => `<udt:DateTimeString format="102">${day.replaceAll('-', '')}</udt:DateTimeString>`;

/**
 * A VAT rate as the French rules want it (BR-FR-16, BR-FR-DEC-04): a percentage among the allowed
 * values, at most 2 decimals, no trailing zeros (`20`, `5.5`, `0`, never `0.0000`).
 */
export function vatRatePercent(bps: number): string {
  if (!Number.isInteger(bps) || bps < 0) throw new Error(`VAT rate in basis points expected, got ${bps}`);
  return String(bps / 100);
}

/**
 * A trade party (BG-4 seller, BG-7 buyer): name, SIREN (scheme 0002), address, electronic address
 * (BT-34 / BT-49, required by BR-FR-13 / BR-FR-12: the SIREN in the scheme 0225 of the French
 * directory, `URIUniversalCommunication/URIID`), VAT number or franchise registration.
 */
const optionalXml = (tag: string, value: string) =>
  value.trim() ? `<ram:${tag}>${xmlEscape(value)}</ram:${tag}>` : '';

export function partyXml(tag: string, p: Party, franchiseRegistration: boolean): string {
  const tax = p.vatNumber
    ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xmlEscape(p.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
    : franchiseRegistration
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${xmlEscape(p.siren)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '';
  // A sale's buyer without a SIREN has no legal registration (BT-47) to write.
  const legal = p.siren
    ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${xmlEscape(p.siren)}</ram:ID></ram:SpecifiedLegalOrganization>`
    : '';
  return (
    `<ram:${tag}><ram:Name>${xmlEscape(p.name)}</ram:Name>${legal}` +
    // A sale's buyer may not have given an address yet: only the country (BT-55) is required.
    `<ram:PostalTradeAddress>${optionalXml('PostcodeCode', p.postcode)}` +
    `${optionalXml('LineOne', p.addressLine)}${optionalXml('CityName', p.city)}` +
    `<ram:CountryID>${xmlEscape(p.country)}</ram:CountryID></ram:PostalTradeAddress>` +
    // BT-34 / BT-49: the SIREN in the French directory's scheme; a buyer without one has none.
    `${p.siren ? `<ram:URIUniversalCommunication><ram:URIID schemeID="0225">${xmlEscape(p.siren)}</ram:URIID></ram:URIUniversalCommunication>` : ''}${tax}</ram:${tag}>`
  );
}

/**
 * The CII XML (Factur-X EN 16931 profile). Type 389 (self-billed invoice) or 261 (self-billed
 * credit note); a credit note states positive amounts and references the invoice (BT-25), as
 * EN 16931 wants. Franchise: VAT category E with VATEX-FR-FRANCHISE and the seller's SIREN as tax
 * registration (BT-32); reverse charge (intra-EU, `autoliquidation`): category AE at 0 %, VAT 0,
 * exemption reason `Autoliquidation` with code VATEX-EU-AE, the seller's (BT-31) and the buyer's
 * (BT-48) VAT numbers (BR-AE-01 to BR-AE-10); otherwise category S at 20 %.
 */
export function invoiceCii(doc: InvoiceDocument): string {
  const { row, issuer, client, lines, credits, sale } = doc;
  const isCredit = row.kind === 'credit_note';
  const sign = isCredit ? -1 : 1;
  const franchise = row.vatStatus === 'franchise';
  const reverseCharge = row.vatStatus === 'autoliquidation';
  const category = franchise ? 'E' : reverseCharge ? 'AE' : 'S';
  const rate = vatRatePercent(franchise || reverseCharge ? 0 : SELF_BILLING_VAT_RATE_BPS);
  const lineTax = `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
  const items = lines
    .map((line, i) => {
      const value = sign * line.amountCents;
      return (
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct><ram:Name>${xmlEscape(sale ? line.label : `${line.label} (relevé ${ofMonth(line.month)})`)}</ram:Name></ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(Math.abs(value))}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${value < 0 ? '-1' : '1'}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement>${lineTax}<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(value)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
        '</ram:IncludedSupplyChainTradeLineItem>'
      );
    })
    .join('');
  const total = sign * row.totalExclVatCents;
  const vat = sign * row.vatCents;
  const [start, end] = sale ? [sale.periodStart, sale.periodEnd] : monthBounds(row.month);
  const notes = (
    sale
      ? sale.notes
      : [
          SELF_BILLING_MENTION,
          `Facture établie par Synergie Pro au nom et pour le compte de ${issuer.name} (art. 289 I-2 du CGI)`,
          ...(franchise ? [FRANCHISE_MENTION] : []),
          ...(reverseCharge ? [REVERSE_CHARGE_PURCHASE_NOTE] : []),
        ]
  )
    .map((n) => `<ram:IncludedNote><ram:Content>${xmlEscape(n)}</ram:Content></ram:IncludedNote>`)
    .join('');
  // The payment mentions, with their UNTDID 4451 subject codes (PMD penalties, PMT indemnity,
  // AAB discount terms): BR-FR-05.
  const paymentNotes = (
    [
      [(sale ? sale.paymentMentions : LATE_PAYMENT_MENTIONS)[0], 'PMD'],
      [(sale ? sale.paymentMentions : LATE_PAYMENT_MENTIONS)[1], 'PMT'],
      [EARLY_PAYMENT_MENTION, 'AAB'],
    ] as const
  )
    .map(
      ([n, code]) =>
        `<ram:IncludedNote><ram:Content>${xmlEscape(n)}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`,
    )
    .join('');
  // BT-72, the actual delivery date: the commissions are earned over the statement month, so its
  // last day (or the issue day, for a month closed before it ends). An empty delivery block is an
  // error for PEPPOL-EN16931-R008 and the block itself is required by the CII schema.
  const issueDay = parisDay(row.issuedAt);
  const delivered = end < issueDay ? end : issueDay;
  const delivery = `<ram:ApplicableHeaderTradeDelivery><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${date102(delivered)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>`;
  const exemption = franchise
    ? `<ram:ExemptionReason>${FRANCHISE_MENTION}</ram:ExemptionReason>`
    : reverseCharge
      ? `<ram:ExemptionReason>${REVERSE_CHARGE_MENTION}</ram:ExemptionReason>`
      : '';
  const exemptionCode = franchise
    ? '<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>'
    : reverseCharge
      ? '<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>'
      : '';
  const reference = credits
    ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${xmlEscape(credits.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${parisDay(credits.issuedAt).replaceAll('-', '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">' +
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>' +
    `<rsm:ExchangedDocument><ram:ID>${xmlEscape(row.number)}</ram:ID><ram:TypeCode>${sale ? (isCredit ? '381' : '380') : isCredit ? '261' : '389'}</ram:TypeCode>` +
    `<ram:IssueDateTime>${date102(parisDay(row.issuedAt))}</ram:IssueDateTime>${notes}${paymentNotes}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${items}` +
    `<ram:ApplicableHeaderTradeAgreement>${partyXml('SellerTradeParty', issuer, franchise)}${partyXml('BuyerTradeParty', client, false)}</ram:ApplicableHeaderTradeAgreement>` +
    delivery +
    '<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
    `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>${exemption}` +
    `<ram:BasisAmount>${amount(total)}</ram:BasisAmount><ram:CategoryCode>${category}</ram:CategoryCode>${exemptionCode}<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
    `<ram:BillingSpecifiedPeriod><ram:StartDateTime>${date102(start)}</ram:StartDateTime><ram:EndDateTime>${date102(end)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>` +
    // Payment on receipt: the due date (BT-9) is the issue date.
    `<ram:SpecifiedTradePaymentTerms><ram:Description>${xmlEscape(sale ? sale.paymentTerms : 'Paiement par virement à réception')}</ram:Description><ram:DueDateDateTime>${date102(parisDay(row.issuedAt))}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${amount(total)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(total)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${amount(vat)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${amount(total + vat)}</ram:GrandTotalAmount><ram:DuePayableAmount>${amount(total + vat)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `${reference}</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`
  );
}

/** The standard xpacket id of every XMP packet (XMP specification, part 1, 7.3.2). */
export const XMP_PACKET_ID = 'W5M0MpCehiHzreSzNTczkc9d';

const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The PDF/A-3 and Factur-X XMP metadata, written as UTF-8 by the caller (factur-x-kit writes its
 * packet as one byte per character, so `Démo` became an invalid UTF-8 sequence, and uses the
 * invoice number as xpacket id). The Dublin Core, xmp and pdf properties repeat the document
 * information dictionary, as PDF/A requires.
 */
export function facturXXmp(meta: { title: string; author: string; creator: string; producer: string; at: Date }) {
  const date = isoSeconds(meta.at);
  const field = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return `<?xpacket begin="\ufeff" id="${XMP_PACKET_ID}"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:creator><rdf:Seq><rdf:li>${xmlEscape(meta.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(meta.title)}</rdf:li></rdf:Alt></dc:title>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${xmlEscape(meta.creator)}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${xmlEscape(meta.producer)}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${field('DocumentFileName', 'name of the embedded XML invoice file')}
${field('DocumentType', 'INVOICE')}
${field('Version', 'The actual version of the Factur-X XML schema')}
${field('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * A Factur-X PDF (PDF/A-3b, EN 16931) from a CII XML, for any invoice of the product (self-billing
 * here, memberships elsewhere). factur-x-kit checks the EN 16931 business rules (it throws on a
 * broken invoice) and lays out the PDF/A-3 (its French template, embedded fonts, sRGB output
 * intent, `factur-x.xml` as associated file). Then, with pdf-lib:
 * - the attachment is OUR XML byte for byte (the library re-serialises it, writing VAT rates as
 *   `0.0000`, which BR-FR-16 and BR-FR-DEC-04 refuse);
 * - the XMP metadata is replaced by {@link facturXXmp} in UTF-8 with the standard xpacket id, and
 *   the document information dictionary says the same (French title, issue date, not "now").
 */
export async function facturXFromCii(
  xml: string,
  meta: { title: string; author: string; issuedAt: Date },
): Promise<Uint8Array> {
  const [{ FacturX }, { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString }] = await Promise.all([
    import('factur-x-kit'),
    import('pdf-lib'),
  ]);
  const fx = await FacturX.fromXML(xml);
  const pdf = await PDFDocument.load(await fx.getPDF({ locale: 'fr-FR' }), { updateMetadata: false });
  const names = pdf.catalog
    .lookup(PDFName.of('Names'), PDFDict)
    .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
    .lookup(PDFName.of('Names'), PDFArray);
  let attachment: PDFObject | undefined;
  for (let i = 0; i + 1 < names.size(); i += 2) {
    const name = names.lookup(i);
    if (name && 'decodeText' in name && (name as { decodeText(): string }).decodeText() === 'factur-x.xml') {
      const ef = names.lookup(i + 1, PDFDict).lookup(PDFName.of('EF'), PDFDict);
      attachment = ef.get(PDFName.of('F'));
    }
  }
  const metadata = pdf.catalog.get(PDFName.of('Metadata'));
  if (!(attachment instanceof PDFRef) || !(metadata instanceof PDFRef)) {
    throw new Error('factur-x-kit wrote no factur-x.xml attachment or no XMP metadata');
  }
  const bytes = new TextEncoder().encode(xml);
  const at = PDFString.fromDate(meta.issuedAt);
  pdf.context.assign(
    attachment,
    pdf.context.flateStream(bytes, {
      Type: 'EmbeddedFile',
      Subtype: 'text/xml',
      Params: { Size: bytes.length, CreationDate: at, ModDate: at },
    }),
  );
  const info = { title: meta.title, author: meta.author, creator: 'Synergie Pro', producer: 'pdf-lib' };
  pdf.setTitle(info.title);
  pdf.setAuthor(info.author);
  pdf.setCreator(info.creator);
  pdf.setProducer(info.producer);
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(meta.issuedAt);
  pdf.setModificationDate(meta.issuedAt);
  const xmp = new TextEncoder().encode(facturXXmp({ ...info, at: meta.issuedAt }));
  pdf.context.assign(metadata, pdf.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length }));
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** The self-billed invoice's Factur-X PDF: {@link facturXFromCii} of {@link invoiceCii}. */
export async function facturXPdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const kind = doc.row.kind === 'credit_note' ? 'Avoir' : 'Facture';
  return facturXFromCii(invoiceCii(doc), {
    title: `${kind} ${doc.row.number} de ${doc.issuer.name}`,
    author: doc.issuer.name,
    issuedAt: doc.row.issuedAt,
  });
}
