import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

interface PgPool {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * Runs a statement of a hot path (the QR check-in: 50 members at once) as a named prepared
 * statement on PostgreSQL, so each pooled connection parses and plans it once, not at every
 * call: a third of the request's time there (docs/performance.md). The name must be unique to
 * the statement's text: change it (`-v2`) when the text changes. On PGlite, or inside a
 * transaction, a plain `execute`.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  statement: SQL,
): Promise<T[]> {
  const client = (db as unknown as { $client?: Partial<PgPool> & { totalCount?: number } }).$client;
  // A pg Pool (node-postgres) counts its clients; PGlite has no such thing.
  if (client && typeof client.query === 'function' && typeof client.totalCount === 'number') {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const { rows } = await (client as PgPool).query<T>({ name, text, values: params });
    return rows;
  }
  return (await db.execute(statement)).rows as T[];
}
