import { escape as escapeIcsText, foldLines } from 'ical-generator';

/**
 * The one vCard 3.0 writer (RFC 2426 over RFC 2425's content lines): every .vcf the server sends
 * goes through `writeVcard`.
 *
 * Why our own small module and not a vCard package: the two maintained ones checked
 * (vcard-creator 1.0, vcards-js 2.11) add lines of their own (REV set to the time of the
 * download; vcard-creator a PRODID too) and leave a lone CR unescaped in text values, i.e. a way
 * to inject a line; vcards-js does not escape ';' in most values either. What a vCard needs is exactly what
 * iCalendar needs, the content-line rules of RFC 2425 being those of RFC 5545: text values with
 * backslash, comma, semicolon and line breaks escaped, lines folded at 75 octets (CRLF and a
 * space) without cutting a UTF-8 character. So both come from ical-generator, which writes our
 * calendars (domain/events/ics.ts): one escaping function and one folding function for both.
 */
export type VcardValue =
  /** A text value, escaped. */
  | { text: string }
  /** A structured value (N, ADR): each component escaped, joined by ';'. */
  | { components: readonly string[] }
  /** A URI, written as is (a URL object's href never holds a line break). */
  | { uri: string };

export interface VcardProperty {
  /** The property name with its parameters, e.g. 'TEL;TYPE=WORK,VOICE'. */
  name: string;
  value: VcardValue;
}

/** Escapes a text value (RFC 2426 section 4): `\` `,` `;` and every line break (CRLF, LF or CR). */
export function escapeVcardText(value: string): string {
  return escapeIcsText(value, false);
}

/** Folds one content line at 75 octets, continuation lines starting with a space (RFC 2425 5.8.1). */
export function foldVcardLine(line: string): string {
  return foldLines(line);
}

function formatValue(value: VcardValue): string {
  if ('text' in value) return escapeVcardText(value.text);
  if ('components' in value) return value.components.map(escapeVcardText).join(';');
  return value.uri;
}

/** A vCard 3.0 of these properties, between BEGIN/VERSION and END, every line folded and ended by CRLF. */
export function writeVcard(properties: readonly VcardProperty[]): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    ...properties.map((p) => `${p.name}:${formatValue(p.value)}`),
    'END:VCARD',
  ];
  return `${lines.map(foldVcardLine).join('\r\n')}\r\n`;
}
