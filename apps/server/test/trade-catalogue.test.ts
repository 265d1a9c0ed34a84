import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { TRADE_FAMILY_SLUGS } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from '../src/db/client';
import { createPostgresDatabase, createTestDatabase, testDbKind } from './helpers/db';

/**
 * The trade catalogue shipped by migration 0008 (network-core §1): its shape, and what it does
 * to the free `profession` of the profiles written before it.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

interface TradeRow extends Record<string, unknown> {
  slug: string;
  label: string;
  family: string;
  naf_code: string | null;
  regulated: boolean;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('the trade catalogue', () => {
  it('holds about 200 trades in the 15 families, each with a stable slug and a French label', async () => {
    const { rows } = await database.db.execute<TradeRow>(
      sql`select slug, label, family, naf_code, regulated from trades order by family, label`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(190);
    expect(rows.length).toBeLessThanOrEqual(230);
    const perFamily = new Map<string, number>();
    for (const row of rows) perFamily.set(row.family, (perFamily.get(row.family) ?? 0) + 1);
    expect([...perFamily.keys()].sort()).toEqual([...TRADE_FAMILY_SLUGS].sort());
    for (const [, n] of perFamily) expect(n).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.slug).toBe(
        fold(row.label)
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      );
      expect(row.label.at(0)).toBe(row.label.at(0)?.toUpperCase());
      if (row.naf_code !== null) expect(row.naf_code).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
    }
    expect(new Set(rows.map((r) => fold(r.label))).size).toBe(rows.length);
    const labels = new Set(rows.map((r) => r.label));
    for (const label of ['Plombier chauffagiste', 'Notaire', 'Agent immobilier', 'Chirurgien-dentiste']) {
      expect(labels).toContain(label);
    }
    expect(labels).toContain('Conseiller en gestion de patrimoine');
  });

  it('flags the regulated professions the spec names (no fee for bringing business)', async () => {
    const { rows } = await database.db.execute<TradeRow>(sql`select label, regulated from trades`);
    const regulated = new Set(rows.filter((r) => r.regulated).map((r) => r.label));
    for (const label of [
      'Avocat',
      'Notaire',
      'Médecin généraliste',
      'Chirurgien-dentiste',
      'Pharmacien',
      'Expert-comptable',
    ]) {
      expect(regulated).toContain(label);
    }
    // Every médecin and chirurgien label, whatever the speciality.
    for (const row of rows) {
      if (/^(médecin|chirurgien)/i.test(row.label)) expect(row.regulated, row.label).toBe(true);
    }
    expect(regulated).not.toContain('Plombier chauffagiste');
  });

  it('refuses a second trade whose label differs only by case or accents, and a malformed NAF code', async () => {
    await expect(
      database.db.execute(
        sql`insert into trades (slug, label, family) values ('notaire-2', 'NOTAIRE', 'droit-chiffre')`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    await expect(
      database.db.execute(
        sql`insert into trades (slug, label, family, naf_code) values ('x-y', 'Métier test', 'commerce', '4322A')`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(
      database.db.execute(sql`insert into trades (slug, label, family) values ('x-z', 'Métier test', 'inconnue')`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

/**
 * A copy of the migrations folder that stops before `tag`: the database as it was before that
 * migration, to write rows the migration must then transform.
 */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('the profession migration (0008)', () => {
  it('matches free professions to trades ignoring case and accents, else keeps them as the specialty and asks', async () => {
    const before = migrationsBefore('0008_trade_catalogue');
    // A database of its own, migrated up to 0007, on the engine of this run.
    let db: ReturnType<typeof drizzlePg>;
    let close: () => Promise<void>;
    let migrateTo: (folder: string) => Promise<void>;
    if (testDbKind === 'postgres') {
      const created = await createPostgresDatabase('synergie_migr');
      const pool = new pg.Pool({ connectionString: created.url, max: 1 });
      db = drizzlePg({ client: pool });
      migrateTo = (folder) => migratePg(db, { migrationsFolder: folder });
      close = async () => {
        await pool.end();
        await created.drop();
      };
    } else {
      const client = await PGlite.create();
      const lite = drizzlePglite({ client });
      db = lite as unknown as ReturnType<typeof drizzlePg>;
      migrateTo = (folder) => migratePglite(lite, { migrationsFolder: folder });
      close = () => client.close();
    }
    try {
      await migrateTo(before);
      const members = [
        ['u-plumber', '  plombier CHAUFFAGISTE '],
        ['u-notary', 'Notaire'],
        ['u-dentist', 'chirurgien-dentiste'],
        ['u-magician', 'Magicien pour entreprises'],
        ['u-none', null],
      ] as const;
      for (const [id, profession] of members) {
        await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@migration.test`})`);
        await db.execute(sql`insert into profiles (user_id, profession) values (${id}, ${profession})`);
      }
      await migrateTo(migrationsFolder);
      const { rows } = await db.execute<{
        user_id: string;
        label: string | null;
        profession: string | null;
        specialty: string | null;
        must_pick_trade: boolean;
        profession_key: string;
      }>(sql`
        select p.user_id, t.label, p.profession, p.specialty, p.must_pick_trade, p.profession_key
          from profiles p left join trades t on t.id = p.trade_id order by p.user_id`);
      const byId = Object.fromEntries(rows.map((r) => [r.user_id, r]));
      expect(byId['u-plumber']).toMatchObject({
        label: 'Plombier chauffagiste',
        profession: 'Plombier chauffagiste',
        specialty: null,
        must_pick_trade: false,
        profession_key: 'plombier chauffagiste',
      });
      expect(byId['u-notary']).toMatchObject({ label: 'Notaire', must_pick_trade: false });
      expect(byId['u-dentist']).toMatchObject({ label: 'Chirurgien-dentiste', must_pick_trade: false });
      expect(byId['u-magician']).toMatchObject({
        label: null,
        profession: 'Magicien pour entreprises',
        specialty: 'Magicien pour entreprises',
        must_pick_trade: true,
      });
      expect(byId['u-none']).toMatchObject({ label: null, specialty: null, must_pick_trade: false });

      // Picking a trade later sets the profession (and the directory's keys) and clears the prompt.
      await db.execute(
        sql`update profiles set trade_id = (select id from trades where label = 'Photographe') where user_id = 'u-magician'`,
      );
      const [magician] = (
        await db.execute<{ profession: string; must_pick_trade: boolean; profession_key: string; specialty: string }>(
          sql`select profession, must_pick_trade, profession_key, specialty from profiles where user_id = 'u-magician'`,
        )
      ).rows;
      expect(magician).toEqual({
        profession: 'Photographe',
        must_pick_trade: false,
        profession_key: 'photographe',
        specialty: 'Magicien pour entreprises',
      });

      // A renamed trade renames its members' profession.
      await db.execute(sql`update trades set label = 'Photographe professionnel' where label = 'Photographe'`);
      const renamed = await db.execute<{ profession: string; profession_key: string }>(
        sql`select profession, profession_key from profiles where user_id = 'u-magician'`,
      );
      expect(renamed.rows[0]).toEqual({
        profession: 'Photographe professionnel',
        profession_key: 'photographe professionnel',
      });
    } finally {
      await close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
