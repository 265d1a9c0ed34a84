import {
  foldRosterText,
  ROSTER_HEADER_WORDS,
  ROSTER_MAX_CELL,
  ROSTER_MAX_COLUMNS,
  ROSTER_MAX_LINES,
  type RosterMapping,
  type RosterRow,
  type RosterTable,
} from '@synergie/shared/roster-import';
import { AppError } from '../../lib/errors';

/**
 * Reads a roster file (issue 33, docs/product/roster-import.md; library choice in
 * docs/decisions/0027-roster-import.md): XLSX through exceljs, anything else as CSV through
 * csv-parse. A CSV is decoded as UTF-8 (its BOM dropped) when its bytes are valid UTF-8, as
 * UTF-16 when it starts with that BOM (Excel's « Texte Unicode »), and as Windows-1252 otherwise
 * (Excel's « CSV (séparateur : point-virgule) » on a French Windows, Latin-1 included). Reading
 * stops at the 501st line: a 10,000-line file is refused without being read to its end.
 */
export async function readRosterFile(bytes: Buffer): Promise<RosterTable> {
  if (isZip(bytes)) return readXlsx(bytes);
  if (isOleFile(bytes)) throw new AppError('ROSTER_OLD_EXCEL');
  return readCsv(bytes);
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;
// The compound-file header of .xls (Excel 97-2003).
const isOleFile = (bytes: Buffer) => bytes.length > 8 && bytes.readUInt32BE(0) === 0xd0cf11e0;

type Decoded = { text: string; encoding: 'utf-8' | 'utf-16le' | 'windows-1252' };

export function decodeCsv(bytes: Buffer): Decoded {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: a French spreadsheet's CSV is Windows-1252 (a superset of Latin-1's letters).
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Windows-1252 bytes 0x80-0x9F (€, œ, Œ, ’, «…»'s curly cousins, …); elsewhere it is Latin-1.
 * Written here because Node's TextDecoder('windows-1252') decodes these bytes as Latin-1's
 * control characters (œ would read U+009C).
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] as number) : byte);
  }
  return text;
}

/** The separator of the header line: the most frequent of `;`, `,` and tab outside quotes. */
export function guessSeparator(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text.slice(0, 4096)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const best = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ';';
}

async function readCsv(bytes: Buffer): Promise<RosterTable> {
  // A text file has no NUL byte (UTF-16 aside): an image or an archive is not a roster.
  const { text, encoding } = decodeCsv(bytes);
  if (text.includes('\u0000')) throw new AppError('ROSTER_UNREADABLE');
  const separator = guessSeparator(text);
  const { parse } = await import('csv-parse/sync');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      // The header, the 500 lines, and one more that says the file is too long: no further.
      to: ROSTER_MAX_LINES + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new AppError('ROSTER_UNREADABLE');
  }
  return table(
    records.map(({ record, info }) => ({ line: info.lines, cells: record })),
    { format: 'csv', encoding, separator },
  );
}

async function readXlsx(bytes: Buffer): Promise<RosterTable> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('ROSTER_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('ROSTER_EMPTY');
  // The sheet's own count first: a 10,000-row sheet is refused before its cells are read.
  if (sheet.actualRowCount > ROSTER_MAX_LINES + 1) throw new AppError('ROSTER_TOO_MANY_LINES');
  const rows: RosterRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const count = Math.min(row.cellCount, ROSTER_MAX_COLUMNS + 1);
    for (let column = 1; column <= count; column++) cells.push(cellText(row.getCell(column)));
    rows.push({ line: rowNumber, cells });
  });
  return table(rows, { format: 'xlsx', encoding: null, separator: null });
}

/** A cell as the spreadsheet shows it (a hyperlink's text, a formula's result, a number as written). */
function cellText(cell: { text?: string; value?: unknown }): string {
  let text: string;
  try {
    text = cell.text ?? '';
  } catch {
    text = typeof cell.value === 'string' ? cell.value : '';
  }
  return String(text)
    .replace(/^mailto:/i, '')
    .trim();
}

function table(found: RosterRow[], format: Pick<RosterTable, 'format' | 'encoding' | 'separator'>): RosterTable {
  const rows = found
    .map((row) => ({ line: row.line, cells: row.cells.map((cell) => String(cell ?? '').trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  const [head, ...lines] = rows;
  if (!head || lines.length === 0) throw new AppError('ROSTER_EMPTY');
  if (lines.length > ROSTER_MAX_LINES) throw new AppError('ROSTER_TOO_MANY_LINES');
  // Trailing empty header cells (a sheet's formatting) are not columns.
  let width = head.cells.length;
  while (width > 0 && head.cells[width - 1] === '' && lines.every((l) => (l.cells[width - 1] ?? '') === '')) width--;
  if (width > ROSTER_MAX_COLUMNS)
    throw new AppError('ROSTER_UNREADABLE', `Le fichier compte trop de colonnes (${ROSTER_MAX_COLUMNS} au maximum).`);
  const clip = (cell: string) => cell.slice(0, ROSTER_MAX_CELL);
  const headers = head.cells.slice(0, width).map(clip);
  return {
    ...format,
    headers,
    rows: lines.map((row) => ({ line: row.line, cells: row.cells.slice(0, width).map(clip) })),
    mapping: guessMapping(headers),
  };
}

/** The mapping read from the headers: French ones, or BNI Connect's English ones (ROSTER_HEADER_WORDS). */
export function guessMapping(headers: string[]): RosterMapping {
  const folded = headers.map(foldRosterText);
  const used = new Set<number>();
  const find = (words: readonly string[]): number | null => {
    // An exact header first, then a header that starts with one of the words (`Email professionnel`).
    for (const exact of [true, false]) {
      for (const word of words) {
        const index = folded.findIndex(
          (header, i) => !used.has(i) && (exact ? header === word : header.startsWith(`${word} `)),
        );
        if (index >= 0) {
          used.add(index);
          return index;
        }
      }
    }
    return null;
  };
  const email = find(ROSTER_HEADER_WORDS.email);
  const full = find(ROSTER_HEADER_WORDS.name);
  let name: number[] = [];
  if (full !== null) name = [full];
  else {
    const first = find(ROSTER_HEADER_WORDS.firstName);
    const last = find(ROSTER_HEADER_WORDS.lastName);
    name = [first, last].filter((i): i is number => i !== null);
  }
  const company = find(ROSTER_HEADER_WORDS.company);
  const phone = find(ROSTER_HEADER_WORDS.phone);
  const trade = find(ROSTER_HEADER_WORDS.trade);
  const role = find(ROSTER_HEADER_WORDS.role);
  const form = find(ROSTER_HEADER_WORDS.form);
  return { name, email, phone, company, trade, role, form };
}
