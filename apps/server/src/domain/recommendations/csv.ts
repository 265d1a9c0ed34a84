import {
  BUSINESS_STATUS_LABELS,
  formatDate,
  RECOMMENDATION_KIND_LABELS,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationListQuery,
  recommendationListQuerySchema,
  recommendationMessages,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listWhere, PARIS, partyJoins, type SummaryRow, summaryColumns, toDate, toSummary } from './reading';

/** A member's own recommendations as a CSV file for a French spreadsheet. */

/** The CSV export's ceiling: a member's own recommendations, far above any real count. */
export const CSV_MAX_ROWS = 10_000;

export const CSV_HEADER = [
  'Date',
  'Sens',
  'Membre',
  'Type',
  'Contact',
  'Besoin',
  'Chaleur',
  'Statut',
  'Montant HT (€)',
  'Affaire',
] as const;

/**
 * One CSV cell: a text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a
 * carriage return first) starts with a quote; a cell holding the separator, a quote or a line
 * break is quoted.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as a French spreadsheet reads them: 150050 → '1500,50'. */
const csvAmount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/**
 * GET /api/me/recommendations.csv: the member's own recommendations of one side with the list's
 * filters, every row up to CSV_MAX_ROWS, for a French spreadsheet (`;`, UTF-8 with a BOM).
 */
export async function exportMyRecommendationsCsv(
  db: DbOrTx,
  userId: string,
  query: RecommendationListQuery,
): Promise<string> {
  const filters = recommendationListQuerySchema.parse(query);
  const { rows } = await db.execute<SummaryRow & { contact_company: string | null }>(sql`
    select ${summaryColumns}, r.contact_company
      from recommendations r ${partyJoins}
     where ${listWhere(userId, filters)}
     order by r.created_at desc, r.id desc
     limit ${CSV_MAX_ROWS}`);
  const given = filters.side === 'given';
  const lines = [CSV_HEADER.map(csvCell).join(';')];
  for (const row of rows) {
    const summary = toSummary(row);
    const other = given ? summary.receiver : summary.giver;
    const contact = [row.contact_name, row.contact_company ? `(${row.contact_company})` : null]
      .filter(Boolean)
      .join(' ');
    lines.push(
      [
        formatDate(toDate(row.created_at), 'short'),
        given ? 'Donnée' : 'Reçue',
        other ? other.name : recommendationMessages.deletedMember,
        RECOMMENDATION_KIND_LABELS[row.kind],
        contact || null,
        row.need,
        row.heat,
        RECOMMENDATION_STATUS_LABELS[row.status],
        csvAmount(summary.amountCents),
        row.business_status ? BUSINESS_STATUS_LABELS[row.business_status] : null,
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `recommandations-2026-05-14.csv`, the day in Paris. */
export function csvFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);
  return `recommandations-${day}.csv`;
}
