import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  type Database,
  isMigrated,
  migrateDatabase,
  migrationsFolder,
  openPglite,
  openPostgres,
} from '../src/db/client';
import { testDbKind } from './helpers/db';

/**
 * Instances that start together on a new database (db/client.ts, migrateDatabase): each migration
 * is applied once. On PostgreSQL two instances (two pools) and a second call of the first; on the
 * embedded database (one process per data folder) concurrent calls of one process.
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
    if (testDbKind === 'postgres') {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = `synergie_migrate_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      const first = await openPostgres(dbUrl.toString(), 3, 60_000);
      const second = await openPostgres(dbUrl.toString(), 3, 60_000);
      try {
        expect(await isMigrated(first)).toBe(false);
        await Promise.all([migrateDatabase(first), migrateDatabase(second), migrateDatabase(first)]);
        expect(await applied(first)).toBe(journal.entries.length);
        expect(await isMigrated(second)).toBe(true);
      } finally {
        await first.close();
        await second.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      const database = await openPglite({});
      try {
        expect(await isMigrated(database)).toBe(false);
        await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
        expect(await applied(database)).toBe(journal.entries.length);
        expect(await isMigrated(database)).toBe(true);
      } finally {
        await database.close();
      }
    }
  }, 180_000);
});
