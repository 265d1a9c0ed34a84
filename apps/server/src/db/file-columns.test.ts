import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type PgColumn, PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BUCKETS } from '../storage';
import { columnLabel, FILE_COLUMNS, NOT_FILE_COLUMNS } from './file-columns';
import * as schema from './schema';

/** Column names that may hold a file (or its URL): each such column must be classified. */
const FILE_LIKE =
  /image|logo|avatar|photo|picture|icon|file|attach|document|media|banner|cover|thumb|video|pdf|url|uri/i;

const schemaTables: PgTable[] = Object.values(schema).flatMap((value: unknown) => (is(value, PgTable) ? [value] : []));
const classified = new Set([...FILE_COLUMNS, ...NOT_FILE_COLUMNS].map((c) => columnLabel(c.column)));

/** The columns of `tables` named like a file that neither list mentions. */
function unclassifiedColumns(tables: PgTable[]): string[] {
  return tables
    .flatMap((table) => Object.values(getTableColumns(table)) as PgColumn[])
    .filter((column) => FILE_LIKE.test(column.name) && !classified.has(columnLabel(column)))
    .map(columnLabel);
}

describe('the registry of file-bearing columns', () => {
  it('reads every table of db/schema.ts', () => {
    expect(schemaTables.map((t) => getTableName(t))).toEqual(
      expect.arrayContaining(['user', 'profiles', 'member_services', 'member_projects', 'events', 'partner_sites']),
    );
  });

  it('classifies every column named like a file or a URL: a file column, or not one with a reason', () => {
    expect(unclassifiedColumns(schemaTables)).toEqual([]);
  });

  it('would catch a table that gains an image column outside the registry', () => {
    const gallery = pgTable('member_gallery', {
      id: uuid('id').primaryKey(),
      coverImage: text('cover_image'),
      brochurePdf: text('brochure_pdf'),
      caption: text('caption'),
    });
    expect(unclassifiedColumns([...schemaTables, gallery])).toEqual([
      'member_gallery.cover_image',
      'member_gallery.brochure_pdf',
    ]);
  });

  it('lists each column once, only columns of the schema, with their owner in the same table', () => {
    const labels = [...FILE_COLUMNS, ...NOT_FILE_COLUMNS].map((c) => columnLabel(c.column));
    expect(new Set(labels).size).toBe(labels.length);
    const schemaColumns = new Set(
      schemaTables.flatMap((t) => (Object.values(getTableColumns(t)) as PgColumn[]).map(columnLabel)),
    );
    for (const label of labels) expect(schemaColumns.has(label), label).toBe(true);
    for (const { column, owner } of FILE_COLUMNS) {
      if (owner) expect(owner.table, columnLabel(column)).toBe(column.table);
      expect(column.columnType, columnLabel(column)).toBe('PgText');
    }
    for (const { column, reason } of NOT_FILE_COLUMNS) expect(reason.length, columnLabel(column)).toBeGreaterThan(10);
  });

  it('gives every storage bucket at least one column: a bucket without one would be swept empty', () => {
    for (const bucket of BUCKETS) {
      expect(
        FILE_COLUMNS.some((c) => c.bucket === bucket),
        bucket,
      ).toBe(true);
    }
  });

  it("names the member's own uploads (RGPD export): avatar, logo, service and project images", () => {
    expect(FILE_COLUMNS.filter((c) => c.owner !== null).map((c) => columnLabel(c.column))).toEqual([
      'profiles.avatar_url',
      'profiles.company_logo_url',
      'member_services.image_url',
      'member_projects.image_url',
    ]);
  });
});
