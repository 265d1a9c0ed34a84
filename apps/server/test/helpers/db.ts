import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

export const testDbKind = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite') as 'pglite' | 'postgres';

/** A fresh, migrated database for one test file, on the engine this project runs. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const template = inject('postgresTemplate');
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // A busy machine can hold a request longer than production's 5 s wait for a connection.
    const database = await openPostgres(dbUrl.toString(), 5, 25_000);
    return {
      ...database,
      url: dbUrl.toString(),
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}
