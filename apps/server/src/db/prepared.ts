import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

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
  db: DbOrTx,
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

/**
 * A statement whose text is built once (`prepareStatement`, with `sql.placeholder`s) and run with
 * each call's values: no query building per request. Prepared per pooled connection on
 * PostgreSQL as `executePrepared`; on PGlite, run with its parameters.
 */
export interface PreparedText {
  name: string;
  text: string;
  params: unknown[];
}

export function prepareStatement(name: string, statement: SQL): PreparedText {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name, text, params };
}

export async function executePreparedText<T extends Record<string, unknown>>(
  db: Db,
  statement: PreparedText,
  values: Record<string, unknown>,
): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client?: Partial<PgPool> & { totalCount?: number } }).$client;
  if (client && typeof client.query === 'function' && typeof client.totalCount === 'number') {
    const { rows } = await (client as PgPool).query<T>({ name: statement.name, text: statement.text, values: params });
    return rows;
  }
  if (!client || typeof client.query !== 'function') {
    // A transaction has no client of its own: this runs on the database's connection only.
    throw new Error('executePreparedText needs the database, not a transaction');
  }
  const pglite = client as unknown as { query<R>(text: string, params: unknown[]): Promise<{ rows: R[] }> };
  return (await pglite.query<T>(statement.text, params)).rows;
}
