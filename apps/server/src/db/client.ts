import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
 * A migrated, empty embedded database written by the build (apps/server/build.mjs, next to the
 * bundle): a new data folder starts as a copy of it instead of running initdb and every
 * migration. Absent when the sources run (tsx, tests): PGlite then creates the database itself.
 */
export const pgliteTemplateFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db-template');
/** The file in the template naming the PGlite version that wrote it. */
export const PGLITE_TEMPLATE_STAMP = 'synergie-template.json';

/** Default of PGLITE_SHARED_BUFFERS (docs/settings.md, docs/performance.md "Memory and start"). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PostgreSQL's settings for PGlite: PGlite's own, then smaller buffers. PostgreSQL's defaults
 * (shared_buffers 128MB, maintenance_work_mem 64MB) are sized for a server with its own memory;
 * here every page they touch stays resident in the WebAssembly heap, which never shrinks. The data
 * folder's files are read through the operating system's cache, which keeps what the buffers drop.
 */
export function pgliteStartParams(sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'maintenance_work_mem=16MB'];
}

/** The installed PGlite's version (its package.json is not among its exports: read as a file). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * Fills `dir` (locked, holding no database: no PG_VERSION) with a copy of the template, when one
 * was built by this PGlite version. Whatever a start cut short left in `dir` goes first; PG_VERSION
 * is copied last, so a copy cut short is never taken for a database. True when copied.
 */
function copyTemplate(dir: string, template: string, lockFile: string): boolean {
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) || !fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(template, PGLITE_TEMPLATE_STAMP), 'utf8'));
    if (stamp.pglite !== pgliteVersion()) return false;
  } catch {
    return false;
  }
  for (const entry of fs.readdirSync(dir)) {
    if (entry !== lockFile) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(template)) {
    // The stamp is copied too: it tells which data folders started from a template.
    if (entry === 'PG_VERSION' || entry === lockFile) continue;
    fs.cpSync(path.join(template, entry), path.join(dir, entry), { recursive: true });
  }
  fs.copyFileSync(path.join(template, 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
  return true;
}

/**
 * `poolWaitMs`: how long a request waits for a free connection before it is answered 503. pg waits
 * forever by default: the server fails fast instead. The test suites wait longer: their
 * concurrency tests queue dozens of requests on a 5-connection pool on a machine that may be busy,
 * and test the database's locks, not the wait.
 */
export async function openPostgres(url: string, poolMax = 10, poolWaitMs = 5000): Promise<Database> {
  // Loaded only with DATABASE_URL: the embedded database never needs them (docs/performance.md,
  // "Memory and start").
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
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
const LOCK_FILE = 'synergie.lock';

function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, LOCK_FILE);
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

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  /** A new `dataDir` starts as a copy of this folder (see pgliteTemplateFolder) when it exists. */
  template?: string;
  /** PostgreSQL's shared_buffers, e.g. '16MB' (PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
}): Promise<Database> {
  let unlock = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    if (options.dataDir && options.template) copyTemplate(options.dataDir, options.template, LOCK_FILE);
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: pgliteStartParams(options.sharedBuffers),
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
  pgliteSharedBuffers?: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax);
  return openPglite({
    dataDir: path.join(options.dataDir, 'db'),
    template: pgliteTemplateFolder,
    sharedBuffers: options.pgliteSharedBuffers,
  });
}

/**
 * True when the database holds the last migration of `migrationsFolder` (meta/_journal.json), by
 * drizzle's own rule: its migrator applies a migration whose `when` is later than the last
 * applied `created_at`. One query, instead of the migrator's reading and hashing every migration
 * file, two `create … if not exists` and an empty transaction at each start (about 0.1 s on the
 * embedded database).
 */
export async function isMigrated(database: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const last = Math.max(...journal.entries.map((entry) => entry.when));
  const present = await database.db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!present.rows[0]?.name) return false;
  // drizzle's own query: with `desc`, a row without created_at comes first, as for the migrator.
  const { rows } = await database.db.execute<{ applied: string | null }>(
    sql`select created_at::text as applied from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const applied = rows[0]?.applied;
  return applied != null && Number(applied) >= last;
}

/** PGlite: the migrations of one database are run one call after the other in this process. */
const pgliteMigrations = new WeakMap<Db, Promise<void>>();
/** PostgreSQL's advisory lock held while one instance migrates: `hashtext` of this name. */
const MIGRATION_LOCK = 'synergie:migrations';

/**
 * Applies the missing migrations, if any. Several instances starting together on one PostgreSQL
 * database: one migrates under an advisory lock, the others wait for it and then find nothing to
 * do (drizzle's migrator alone would run in each and fail on the objects the first created). An
 * embedded data folder is one process's (lock file); calls within it are queued.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (await isMigrated(database)) return;
  if (database.kind === 'postgres') {
    const [{ migrate: migratePg }, { drizzle: drizzlePg }] = await Promise.all([
      import('drizzle-orm/node-postgres/migrator'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    try {
      // A session lock, on the connection that then migrates.
      await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      try {
        const locked: Database = { ...database, db: drizzlePg({ client, schema }) as unknown as Db };
        if (!(await isMigrated(locked))) await migratePg(locked.db, { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const run = (pgliteMigrations.get(database.db) ?? Promise.resolve()).then(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite migrator takes its own database type
    if (!(await isMigrated(database))) await migratePglite(database.db as any, { migrationsFolder });
  });
  pgliteMigrations.set(
    database.db,
    run.catch(() => {}),
  );
  await run;
}
