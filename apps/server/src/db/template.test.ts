import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isMigrated,
  migrateDatabase,
  migrationsFolder,
  openPglite,
  PGLITE_TEMPLATE_STAMP,
  pgliteStartParams,
  pgliteVersion,
} from './client';

/**
 * A new embedded data folder starts as a copy of the template the build writes (build.mjs,
 * `db-template`), and the migrations still run on it: here a template one migration behind the
 * sources, as after an upgrade whose build was not rerun.
 */
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
let work: string;
let template: string;

async function applied(db: Awaited<ReturnType<typeof openPglite>>['db']): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-template-test-'));
  // The migrations minus the last one.
  const behind = path.join(work, 'migrations');
  fs.cpSync(migrationsFolder, behind, { recursive: true });
  const last = journal.entries.at(-1)?.tag;
  fs.rmSync(path.join(behind, `${last}.sql`));
  fs.writeFileSync(
    path.join(behind, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
  );
  template = path.join(work, 'template');
  const client = await PGlite.create({ dataDir: template, startParams: pgliteStartParams() });
  await migrate(drizzle({ client }), { migrationsFolder: behind });
  await client.exec('CHECKPOINT');
  await client.close();
  fs.writeFileSync(path.join(template, PGLITE_TEMPLATE_STAMP), JSON.stringify({ pglite: pgliteVersion() }));
}, 180_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('embedded database template', () => {
  it('starts a new data folder from the template, clears what a cut-short copy left, then runs the missing migration', async () => {
    const dataDir = path.join(work, 'new');
    // What a copy cut short would leave: files, no PG_VERSION.
    fs.mkdirSync(path.join(dataDir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'base/half-copied'), 'x');
    const database = await openPglite({ dataDir, template });
    try {
      expect(fs.existsSync(path.join(dataDir, 'base/half-copied'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, PGLITE_TEMPLATE_STAMP))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'synergie.lock'))).toBe(true);
      expect(await applied(database.db)).toBe(journal.entries.length - 1);
      expect(await isMigrated(database)).toBe(false);
      await migrateDatabase(database);
      expect(await applied(database.db)).toBe(journal.entries.length);
      expect(await isMigrated(database)).toBe(true);
      const { rows } = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
    // An existing database is never replaced by the template.
    const again = await openPglite({ dataDir, template, sharedBuffers: '8MB' });
    try {
      expect(await applied(again.db)).toBe(journal.entries.length);
      const { rows } = await again.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe('8MB');
    } finally {
      await again.close();
    }
  }, 120_000);

  it('ignores a template written by another PGlite version: PGlite creates the database itself', async () => {
    const other = path.join(work, 'other-template');
    fs.cpSync(template, other, { recursive: true });
    fs.writeFileSync(path.join(other, PGLITE_TEMPLATE_STAMP), JSON.stringify({ pglite: '0.0.1' }));
    const dataDir = path.join(work, 'initdb');
    const database = await openPglite({ dataDir, template: other });
    try {
      expect(fs.existsSync(path.join(dataDir, PGLITE_TEMPLATE_STAMP))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await isMigrated(database)).toBe(false); // no drizzle schema yet
      await migrateDatabase(database);
      expect(await applied(database.db)).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  }, 180_000);
});
