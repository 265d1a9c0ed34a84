import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Database,
  isMigrated,
  migrateDatabase,
  migrationsFolder,
  openPglite,
  openPostgres,
} from '../src/db/client';
import { createPostgresDatabase, testDbKind } from './helpers/db';

/**
 * Instances that start together on a new database (db/client.ts, migrateDatabase): each migration
 * is applied once. An embedded data folder is one process's, so on PGlite the calls are one
 * process's.
 */
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function applied(database: Database): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}

describe('migrating a new database', () => {
  it('applies each migration once when instances migrate at the same time', async () => {
    // PostgreSQL: two instances (pools) on a new database, the first calling twice. PGlite: one
    // process's three calls on a new embedded database.
    const created = testDbKind === 'postgres' ? await createPostgresDatabase('synergie_migrate') : undefined;
    const instances = created
      ? [await openPostgres(created.url, 3, 60_000), await openPostgres(created.url, 3, 60_000)]
      : [await openPglite({})];
    const [first, second = first] = instances as [Database, Database?];
    try {
      expect(await isMigrated(first)).toBe(false);
      await Promise.all([migrateDatabase(first), migrateDatabase(second), migrateDatabase(first)]);
      expect(await applied(first)).toBe(journal.entries.length);
      expect(await isMigrated(second)).toBe(true);
    } finally {
      for (const instance of instances) await instance.close();
      await created?.drop();
    }
  }, 180_000);
});
