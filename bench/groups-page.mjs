// Latency and throughput of the groups' public pages on a seeded database: 100 groups of 40
// members each (4,000 members, every one on a distinct trade of the 207-trade catalogue within
// their group), with autocannon, anonymous: a group's page (GET /api/group-pages/{slug}: the
// group, its members' cards and its open seats by family, network-core §2) and the list of groups
// (GET /api/groups). Also counts the SQL statements one request of each sends to the database.
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a
// database of its own, created then dropped).
// Usage: npm run bench:groups [-- --duration 10 --connections 10 --only pglite|postgres]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { machine, measureUrl, option, queriesPerRequest, warmUp, withBenchApp } from './lib/harness.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 10);
const GROUPS = 100;
const MEMBERS_PER_GROUP = 40;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

const list = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
const places = [
  ['Lyon', '69', 'Auvergne-Rhône-Alpes'],
  ['Paris', '75', 'Île-de-France'],
  ['Champigny-sur-Marne', '94', 'Île-de-France'],
  ['Marseille', '13', "Provence-Alpes-Côte d'Azur"],
  ['Toulouse', '31', 'Occitanie'],
  ['Nantes', '44', 'Pays de la Loire'],
  ['Bordeaux', '33', 'Nouvelle-Aquitaine'],
  ['Lille', '59', 'Hauts-de-France'],
  ['Rennes', '35', 'Bretagne'],
  ['Strasbourg', '67', 'Grand Est'],
];
const firstNames = ['Hélène', 'Bruno', 'Chloé', 'Karim', 'Inès', 'Lucas', 'Zoé', 'Thomas', 'Léa', 'Mathis'];
const lastNames = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Garnier', 'Faure', 'Rousseau'];

/**
 * Bulk inserts in SQL: 100 groups, 4,000 members with their profiles (trade set: the database
 * writes its label as the profession), and their seats (the trigger counts each group's members).
 */
async function seed(db) {
  const started = Date.now();
  const members = GROUPS * MEMBERS_PER_GROUP;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g,
           (${sql.raw(list(firstNames))})[1 + g % ${firstNames.length}] || ' ' ||
           (${sql.raw(list(lastNames))})[1 + (g / ${firstNames.length}) % ${lastNames.length}] || ' ' || g,
           'bench' || g || '@exemple.fr', true
      from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into groups (slug, name, city, department_code, region, description, meeting_place,
                        meeting_rhythm, meeting_weekday, meeting_time)
    select 'groupe-' || g, 'Synergie Pro Groupe ' || g,
           (${sql.raw(list(places.map((p) => p[0])))})[1 + g % ${places.length}],
           (${sql.raw(list(places.map((p) => p[1])))})[1 + g % ${places.length}],
           (${sql.raw(list(places.map((p) => p[2])))})[1 + g % ${places.length}],
           'Le groupe ' || g || ' réunit un professionnel par métier pour se passer des affaires chaque semaine.',
           g || ' avenue de la République', (array['weekly', 'biweekly', 'monthly'])[1 + g % 3],
           1 + g % 5, time '07:00' + (g % 4) * interval '30 minutes'
      from generate_series(1, ${GROUPS}) g`);
  // Member k (0..39) of group g takes trade (7g + k) mod 207: distinct trades within a group.
  await db.execute(sql`
    insert into profiles (user_id, full_name, company_name, city, trade_id)
    select 'bench-' || ((g - 1) * ${MEMBERS_PER_GROUP} + k + 1), u.name, 'Entreprise ' || g || '-' || k,
           gr.city, t.id
      from generate_series(1, ${GROUPS}) g
      cross join generate_series(0, ${MEMBERS_PER_GROUP - 1}) k
      join groups gr on gr.slug = 'groupe-' || g
      join "user" u on u.id = 'bench-' || ((g - 1) * ${MEMBERS_PER_GROUP} + k + 1)
      join (select id, row_number() over (order by slug) - 1 as n, count(*) over () as total from trades) t
        on t.n = (g * 7 + k) % t.total`);
  await db.execute(sql`
    insert into group_members (group_id, user_id, trade_id, joined_at)
    select gr.id, p.user_id, p.trade_id, now() - (random() * interval '300 days')
      from profiles p
      join groups gr on gr.slug = 'groupe-' || ((substring(p.user_id from 7)::int - 1) / ${MEMBERS_PER_GROUP} + 1)
     where p.user_id like 'bench-%'`);
  await db.execute(sql`vacuum analyze`);
  // Flush the seed's writes now rather than during the first scenario (needs superuser; optional).
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ groups, seats, trades, smallest, largest }] = (
    await db.execute(sql`
      select (select count(*)::int from groups) as groups,
             (select count(*)::int from group_members where status = 'active') as seats,
             (select count(*)::int from trades) as trades,
             (select min(active_members) from groups) as smallest,
             (select max(active_members) from groups) as largest`)
  ).rows;
  return { groups, seats, trades, smallest, largest, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The SQL statements the database driver receives while one request of `url` is answered. */
const scenarios = [
  ['page d’un groupe', '/api/group-pages/groupe-50'],
  ['liste des groupes', '/api/groups'],
];

async function bench(kind) {
  // The seed's figures are printed as soon as it is done (the measurements take a while).
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(
      `${kind}: ${seeded.groups} groups, ${seeded.seats} seats (${seeded.smallest} to ${seeded.largest} per group), ${seeded.trades} trades, seeded in ${seeded.seconds} s`,
    );
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_groups', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const results = [];
    for (const [label, pathAndQuery] of scenarios) {
      const url = `${address}${pathAndQuery}`;
      const check = await fetch(url);
      const body = await check.text();
      if (!check.ok) throw new Error(`${url}: ${check.status} ${body}`);
      await warmUp(url);
      const queries = await queriesPerRequest(db, url);
      results.push({
        label,
        path: pathAndQuery,
        kb: (Buffer.byteLength(body) / 1024).toFixed(1),
        queries,
        ...(await measureUrl(url, { connections: CONNECTIONS, duration: DURATION, timeout: 60 })),
      });
    }
    return { results };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of kinds) {
  const r = await bench(kind);
  console.log(`${kind}: measured, ${DURATION} s x ${CONNECTIONS} connections per request`);
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: `GET ${m.path}`,
      KB: m.kb,
      'SQL queries': m.queries,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
      errors: m.errors,
    });
  }
}
console.log(`\nGroups pages (anonymous), ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);
// Other work on the machine slows every figure: the load average tells how quiet it was.
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
