import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

export const testDbKind = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite') as 'pglite' | 'postgres';

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a copy of `template`: its URL,
 * and `drop()`, which removes it (connections still open included).
 */
export async function createPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database for one test file, on the engine this project runs. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'postgres') {
    const template = inject('postgresTemplate');
    const created = await createPostgresDatabase(template, template);
    // A busy machine can hold a request longer than production's 5 s wait for a connection.
    const database = await openPostgres(created.url, 5, 25_000);
    return {
      ...database,
      url: created.url,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

/** The SQL statements the database driver receives while `run` runs (the "constant number of queries" tests). */
export async function countQueries(db: unknown, run: () => Promise<unknown>): Promise<number> {
  const driver = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = driver.query;
  let count = 0;
  driver.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return count;
}
