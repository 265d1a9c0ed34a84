import {
  FRANCHISE_MENTION,
  formatCalendarDate,
  formatDate,
  formatMoney,
  SELF_BILLING_MENTION,
  SELF_BILLING_VAT_RATE_BPS,
} from '@synergie/shared';
import type { PDFFont } from 'pdf-lib';
import type { LoadedInvoice, Party } from './self-billing';

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

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

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

function partyLines(p: Party): string[] {
  return [
    p.name,
    p.addressLine,
    `${p.postcode} ${p.city}`,
    p.siret ? `SIRET\u202f: ${p.siret}` : `SIREN\u202f: ${p.siren}`,
    p.vatNumber ? `N° TVA intracommunautaire\u202f: ${p.vatNumber}` : 'Franchise en base de TVA',
  ];
}

/** The readable PDF: `Autofacturation`, issuer, client, lines, totals, VAT mention. */
export async function invoicePdf(doc: LoadedInvoice): Promise<Uint8Array> {
  const { row, issuer, client, lines, credits } = doc;
  // Loaded at the first PDF rather than at start-up (docs/performance.md, "Memory and start").
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const isCredit = row.kind === 'credit_note';
  pdf.setTitle(`${isCredit ? 'Avoir' : 'Facture'} ${row.number}`);
  pdf.setAuthor(issuer.name);
  pdf.setCreator('Synergie Pro');
  pdf.setProducer('Synergie Pro');
  pdf.setLanguage('fr-FR');
  pdf.setSubject(SELF_BILLING_MENTION);
  pdf.setCreationDate(row.issuedAt);
  pdf.setModificationDate(row.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595.28, 841.89]);
  const margin = 50;
  let y = 790;
  // Every text drawn goes through drawableText (see above).
  const text = (value: string, x: number, size = 10, font: PDFFont = regular) => {
    page.drawText(drawableText(font, value), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
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

  text(SELF_BILLING_MENTION.toUpperCase(), margin, 18, bold);
  right(`${isCredit ? 'AVOIR' : 'FACTURE'} N° ${row.number}`, 545, 12, bold);
  newLine(20);
  text(
    `Facture établie par Synergie Pro au nom et pour le compte de ${issuer.name} (mandat d'autofacturation, art. 289 I-2 du CGI).`,
    margin,
    8,
  );
  newLine(24);
  text(`Date d'émission\u202f: ${formatDate(row.issuedAt, 'long')}`, margin);
  newLine();
  text(`Date d'échéance\u202f: ${formatDate(row.issuedAt, 'long')} (paiement à réception)`, margin);
  newLine();
  const [start, end] = monthBounds(row.month);
  const day = (date: string) => formatCalendarDate(date, 'long').replace(/^1 /, '1er ');
  text(`Période\u202f: relevé de ${monthLabel(row.month)} (du ${day(start)} au ${day(end)})`, margin);
  if (credits) {
    newLine();
    text(`Annule la facture n° ${credits.number} du ${formatDate(credits.issuedAt, 'long')}`, margin, 10, bold);
  }
  newLine(26);
  const top = y;
  text('Émetteur (bénéficiaire)', margin, 10, bold);
  for (const line of partyLines(issuer)) {
    newLine();
    text(line, margin);
  }
  y = top;
  text('Client', 320, 10, bold);
  for (const line of partyLines(client)) {
    newLine();
    text(line, 320);
  }
  newLine(30);
  text('Désignation', margin, 10, bold);
  text('Relevé', 380, 10, bold);
  right('Montant HT', 545, 10, bold);
  newLine(6);
  page.drawLine({ start: { x: margin, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (const line of lines) {
    newLine(16);
    text(line.label.length > 70 ? `${line.label.slice(0, 69)}…` : line.label, margin, 9);
    text(line.month, 380, 9);
    right(euros(line.amountCents), 545, 9);
  }
  newLine(10);
  page.drawLine({ start: { x: margin, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  newLine(18);
  text('Total HT', 380);
  right(euros(row.totalExclVatCents), 545);
  newLine();
  text(row.vatStatus === 'franchise' ? 'TVA' : `TVA ${SELF_BILLING_VAT_RATE_BPS / 100}\u202f%`, 380);
  right(euros(row.vatCents), 545);
  newLine();
  text('Total TTC', 380, 11, bold);
  right(euros(row.totalInclVatCents), 545, 11, bold);
  newLine(28);
  if (row.vatStatus === 'franchise') {
    text(FRANCHISE_MENTION, margin, 10, bold);
    newLine();
  }
  text(
    `${SELF_BILLING_MENTION}\u202f: document émis par le client, contestable par l'émetteur dans les 15 jours suivant son émission.`,
    margin,
    8,
  );
  newLine(12);
  text('Paiement par virement à réception. Pas d’escompte pour paiement anticipé.', margin, 8);
  for (const mention of LATE_PAYMENT_MENTIONS) {
    newLine(12);
    text(mention, margin, 8);
  }
  return pdf.save();
}

/** Code de commerce L441-9 and L441-10: the late-payment penalties and the fixed recovery indemnity. */
export const LATE_PAYMENT_MENTIONS = [
  'Taux des pénalités de retard\u202f: trois fois le taux d’intérêt légal.',
  'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u202f: 40\u00a0€.',
] as const;

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const date102 = (day: string) => `<udt:DateTimeString format="102">${day.replaceAll('-', '')}</udt:DateTimeString>`;

function partyXml(tag: string, p: Party, franchiseRegistration: boolean): string {
  const tax = p.vatNumber
    ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xmlEscape(p.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
    : franchiseRegistration
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${xmlEscape(p.siren)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '';
  return (
    `<ram:${tag}><ram:Name>${xmlEscape(p.name)}</ram:Name>` +
    `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${xmlEscape(p.siren)}</ram:ID></ram:SpecifiedLegalOrganization>` +
    `<ram:PostalTradeAddress><ram:PostcodeCode>${xmlEscape(p.postcode)}</ram:PostcodeCode>` +
    `<ram:LineOne>${xmlEscape(p.addressLine)}</ram:LineOne><ram:CityName>${xmlEscape(p.city)}</ram:CityName>` +
    `<ram:CountryID>${xmlEscape(p.country)}</ram:CountryID></ram:PostalTradeAddress>${tax}</ram:${tag}>`
  );
}

/**
 * The CII XML (Factur-X EN 16931 profile). Type 389 (self-billed invoice) or 261 (self-billed
 * credit note); a credit note states positive amounts and references the invoice (BT-25), as
 * EN 16931 wants. Franchise: VAT category E with VATEX-FR-FRANCHISE and the seller's SIREN as tax
 * registration (BT-32); otherwise category S at 20 %.
 */
export function invoiceCii(doc: LoadedInvoice): string {
  const { row, issuer, client, lines, credits } = doc;
  const isCredit = row.kind === 'credit_note';
  const sign = isCredit ? -1 : 1;
  const franchise = row.vatStatus === 'franchise';
  const category = franchise ? 'E' : 'S';
  const rate = franchise ? '0' : String(SELF_BILLING_VAT_RATE_BPS / 100);
  const lineTax = `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
  const items = lines
    .map((line, i) => {
      const value = sign * line.amountCents;
      return (
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct><ram:Name>${xmlEscape(`${line.label} (relevé ${line.month})`)}</ram:Name></ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(Math.abs(value))}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${value < 0 ? '-1' : '1'}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement>${lineTax}<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(value)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
        '</ram:IncludedSupplyChainTradeLineItem>'
      );
    })
    .join('');
  const total = sign * row.totalExclVatCents;
  const vat = sign * row.vatCents;
  const [start, end] = monthBounds(row.month);
  const notes = [
    SELF_BILLING_MENTION,
    `Facture établie par Synergie Pro au nom et pour le compte de ${issuer.name} (art. 289 I-2 du CGI)`,
    ...(franchise ? [FRANCHISE_MENTION] : []),
  ]
    .map((n) => `<ram:IncludedNote><ram:Content>${xmlEscape(n)}</ram:Content></ram:IncludedNote>`)
    .join('');
  // The payment mentions, with their UNTDID 4451 subject codes (PMD penalties, PMT indemnity).
  const paymentNotes = LATE_PAYMENT_MENTIONS.map(
    (n, i) =>
      `<ram:IncludedNote><ram:Content>${xmlEscape(n)}</ram:Content><ram:SubjectCode>${i === 0 ? 'PMD' : 'PMT'}</ram:SubjectCode></ram:IncludedNote>`,
  ).join('');
  const exemption = franchise ? `<ram:ExemptionReason>${FRANCHISE_MENTION}</ram:ExemptionReason>` : '';
  const exemptionCode = franchise ? '<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>' : '';
  const reference = credits
    ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${xmlEscape(credits.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${parisDay(credits.issuedAt).replaceAll('-', '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">' +
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>' +
    `<rsm:ExchangedDocument><ram:ID>${xmlEscape(row.number)}</ram:ID><ram:TypeCode>${isCredit ? '261' : '389'}</ram:TypeCode>` +
    `<ram:IssueDateTime>${date102(parisDay(row.issuedAt))}</ram:IssueDateTime>${notes}${paymentNotes}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${items}` +
    `<ram:ApplicableHeaderTradeAgreement>${partyXml('SellerTradeParty', issuer, franchise)}${partyXml('BuyerTradeParty', client, false)}</ram:ApplicableHeaderTradeAgreement>` +
    '<ram:ApplicableHeaderTradeDelivery/>' +
    '<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
    `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>${exemption}` +
    `<ram:BasisAmount>${amount(total)}</ram:BasisAmount><ram:CategoryCode>${category}</ram:CategoryCode>${exemptionCode}<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
    `<ram:BillingSpecifiedPeriod><ram:StartDateTime>${date102(start)}</ram:StartDateTime><ram:EndDateTime>${date102(end)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>` +
    // Payment on receipt: the due date (BT-9) is the issue date.
    `<ram:SpecifiedTradePaymentTerms><ram:Description>Paiement par virement à réception</ram:Description><ram:DueDateDateTime>${date102(parisDay(row.issuedAt))}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${amount(total)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(total)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${amount(vat)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${amount(total + vat)}</ram:GrandTotalAmount><ram:DuePayableAmount>${amount(total + vat)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `${reference}</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`
  );
}

/**
 * The Factur-X PDF (PDF/A-3b, `factur-x.xml` attached, Factur-X XMP metadata), made by
 * factur-x-kit from our XML: it checks the EN 16931 business rules and throws on a broken
 * invoice. Loaded on demand (a large module).
 */
export async function facturXPdf(doc: LoadedInvoice): Promise<Uint8Array> {
  const { FacturX } = await import('factur-x-kit');
  const fx = await FacturX.fromXML(invoiceCii(doc));
  return fx.getPDF({ locale: 'fr-FR' });
}
