import { and, asc, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { selfBillingInvoices } from '../db/schema';
import { membershipDocumentsOfYear, parisDay, parisYearBounds } from './membership-invoices';
import { type Party, selfAssessedVatOf } from './self-billing';

/**
 * The FEC (fichier des écritures comptables, LPF art. L47 A, BOI-CF-IOR-60-40-20) of a Paris
 * year, for the accountant (docs/product/invoicing.md "Factures d'adhésion"): the membership
 * invoices and credit notes in the sales journal, the self-billed commission invoices and their
 * credit notes in the purchases journal. 18 columns in the order of the norm, separated by
 * tabulations, one header line, dates YYYYMMDD, amounts with a decimal comma, every entry balanced
 * (its debits equal its credits), numbered in one continuous sequence, ISO 8859-15.
 */

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** The chart of accounts used (plan comptable général). */
export const FEC_ACCOUNTS = {
  customers: { num: '411000', lib: 'Clients' },
  memberships: { num: '706000', lib: 'Prestations de services' },
  vatCollected: { num: '445710', lib: 'TVA collectée' },
  suppliers: { num: '401000', lib: 'Fournisseurs' },
  commissions: { num: '622100', lib: 'Commissions et courtages sur achats' },
  vatDeductible: { num: '445660', lib: 'TVA déductible sur autres biens et services' },
  /** Reverse charge (CGI art. 283-2): the VAT Synergie Pro owes as the buyer, and deducts. */
  vatDueIntraEu: { num: '445200', lib: 'TVA due intracommunautaire' },
  vatDeductibleIntraEu: { num: '445662', lib: 'TVA déductible intracommunautaire' },
} as const;

const JOURNALS = { VE: 'Ventes', HA: 'Achats' } as const;

interface EntryLine {
  account: { num: string; lib: string };
  aux?: { num: string; lib: string };
  /** Positive: debit; negative: credit (cents). */
  cents: number;
}

interface Entry {
  journal: keyof typeof JOURNALS;
  day: string;
  piece: string;
  label: string;
  lines: EntryLine[];
}

const fecAmount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};
const fecDate = (day: string) => day.replaceAll('-', '');
/** Tabs and line breaks would break the columns; a name keeps one line. */
const field = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();

/** The year's entries, in date order (then journal and piece). */
export async function fecEntries(db: DbOrTx, year: number): Promise<Entry[]> {
  const [from, to] = parisYearBounds(year);
  const [memberships, selfBilled] = await Promise.all([
    membershipDocumentsOfYear(db, year),
    db
      .select()
      .from(selfBillingInvoices)
      .where(and(gte(selfBillingInvoices.issuedAt, from), lt(selfBillingInvoices.issuedAt, to)))
      .orderBy(asc(selfBillingInvoices.number)),
  ]);
  const entries: Entry[] = [];
  for (const { row } of memberships) {
    const buyer = row.buyer as Party;
    // A credit note's amounts are negative: the same lines with the sides swapped.
    const aux = { num: `C${row.userId ?? 'DIVERS'}`, lib: buyer.name };
    entries.push({
      journal: 'VE',
      day: parisDay(row.issuedAt),
      piece: row.number,
      label: `${row.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${row.number} ${buyer.name}`,
      lines: [
        { account: FEC_ACCOUNTS.customers, aux, cents: row.totalInclVatCents },
        { account: FEC_ACCOUNTS.memberships, cents: -row.totalExclVatCents },
        { account: FEC_ACCOUNTS.vatCollected, cents: -row.vatCents },
      ],
    });
  }
  for (const row of selfBilled) {
    const issuer = row.issuer as Party;
    const aux = { num: `F${row.series}`, lib: issuer.name };
    // Reverse charge: the invoice carries no VAT, Synergie Pro self-assesses 20 % of the amount
    // excluding VAT, owed (445200) and deducted (445662) in the same entry, which stays balanced.
    const selfAssessed = row.vatStatus === 'autoliquidation' ? selfAssessedVatOf(row.totalExclVatCents) : 0;
    entries.push({
      journal: 'HA',
      day: parisDay(row.issuedAt),
      piece: row.number,
      label: `${row.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${row.number} ${issuer.name}`,
      lines: [
        { account: FEC_ACCOUNTS.commissions, cents: row.totalExclVatCents },
        { account: FEC_ACCOUNTS.vatDeductible, cents: row.vatCents },
        { account: FEC_ACCOUNTS.suppliers, aux, cents: -row.totalInclVatCents },
        { account: FEC_ACCOUNTS.vatDeductibleIntraEu, cents: selfAssessed },
        { account: FEC_ACCOUNTS.vatDueIntraEu, cents: -selfAssessed },
      ],
    });
  }
  for (const entry of entries) entry.lines = entry.lines.filter((l) => l.cents !== 0);
  return entries
    .filter((e) => e.lines.length > 0)
    .sort((a, b) => a.day.localeCompare(b.day) || a.journal.localeCompare(b.journal) || a.piece.localeCompare(b.piece));
}

/** The FEC as text (one line per entry line, CRLF). */
export async function fecText(db: DbOrTx, year: number): Promise<string> {
  const entries = await fecEntries(db, year);
  const out: string[] = [FEC_COLUMNS.join('\t')];
  entries.forEach((entry, i) => {
    const debit = entry.lines.filter((l) => l.cents > 0).reduce((s, l) => s + l.cents, 0);
    const credit = entry.lines.filter((l) => l.cents < 0).reduce((s, l) => s - l.cents, 0);
    if (debit !== credit) throw new Error(`unbalanced FEC entry ${entry.piece}`);
    for (const line of entry.lines) {
      out.push(
        [
          entry.journal,
          JOURNALS[entry.journal],
          String(i + 1),
          fecDate(entry.day),
          line.account.num,
          line.account.lib,
          line.aux ? field(line.aux.num) : '',
          line.aux ? field(line.aux.lib) : '',
          entry.piece,
          fecDate(entry.day),
          field(entry.label),
          fecAmount(line.cents > 0 ? line.cents : 0),
          fecAmount(line.cents < 0 ? -line.cents : 0),
          '',
          '',
          fecDate(entry.day),
          '',
          '',
        ].join('\t'),
      );
    }
  });
  return `${out.join('\r\n')}\r\n`;
}

/** ISO 8859-15's eight places that differ from Latin-1. */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
};
const LATIN1_ONLY = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

/**
 * Text in ISO 8859-15 (one of the encodings the norm allows): typographic apostrophes and spaces
 * become their plain forms, a character outside the set loses its accents, else becomes '?'.
 */
export function latin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const raw of text.replace(/[\u2019\u2018]/g, "'").replace(/[\u202f\u2009]/g, '\u00a0')) {
    const mapped = LATIN9[raw];
    if (mapped !== undefined) {
      bytes.push(mapped);
      continue;
    }
    const code = raw.codePointAt(0) as number;
    if (code < 0x100 && !LATIN1_ONLY.has(code)) {
      bytes.push(code);
      continue;
    }
    const bare = raw.normalize('NFD').replace(/\p{M}/gu, '');
    const bareCode = bare.length === 1 ? (bare.codePointAt(0) as number) : 0x3f;
    bytes.push(bareCode < 0x100 && !LATIN1_ONLY.has(bareCode) ? bareCode : 0x3f);
  }
  return Buffer.from(bytes);
}

/** The FEC's file name: SIREN, `FEC`, the closing date of the year. */
export const fecFileName = (siren: string, year: number) => `${siren}FEC${year}1231.txt`;
