import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * One type for both drivers: PGlite's drizzle database has the same query API as
 * node-postgres', and `execute()` returns `{ rows }` on both.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Writes what must be on disk and releases the connection(s). */
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `poolWaitMs`: how long a request waits for a free connection before it is answered 503. pg waits
 * forever by default: the server fails fast instead. The test suites wait longer: their
 * concurrency tests queue dozens of requests on a 5-connection pool on a machine that may be busy,
 * and test the database's locks, not the wait.
 */
export async function openPostgres(url: string, poolMax = 10, poolWaitMs = 5000): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: poolWaitMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
  });
  // An idle client losing its server (restart) emits here; without a listener Node exits.
  pool.on('error', () => {});
  // So does a checked-out client whose server goes between two queries (inside a transaction):
  // its next query then fails (answered 503 by plugins/errors.ts) and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/**
 * Two processes on one PGlite directory corrupt it, and PGlite takes no lock itself:
 * take one with an exclusive-create lock file holding our pid.
 */
function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, 'synergie.lock');
  const tryLock = () => fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  try {
    tryLock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(fs.readFileSync(lockPath, 'utf8'));
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryLock();
  }
  return () => fs.rmSync(lockPath, { force: true });
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let unlock = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (options.dataDir) await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax);
  return openPglite({ dataDir: path.join(options.dataDir, 'db') });
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite migrator takes its own database type
    await migratePglite(database.db as any, { migrationsFolder });
  }
}
