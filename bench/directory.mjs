// Latency and throughput of the member directory (GET /api/members) on a seeded database: 10,000
// members with varied professions, industries, cities, skills and "looking for", and 100,000
// ratings, as a signed-in subscriber, with autocannon: the first page by name, a search, a
// profession filter, the rating ordering and the synergy ordering. On embedded PGlite and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a database of its own, created
// then dropped). Usage: npm run bench:directory [-- --duration 10 --connections 10 --only pglite|postgres]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { measureUrl, option, signUpSubscriber, warmUp, withBenchApp } from './lib/harness.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 10);
const MEMBERS = 10_000;
const RATINGS_PER_MEMBER = 10; // 10,000 x 10 = 100,000
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

const list = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
const professions = [
  'Développeur',
  'Graphiste',
  'Comptable',
  'Photographe',
  'Avocat',
  'Architecte',
  'Consultant marketing',
  'Électricien',
  'Plombier',
  'Traducteur',
  'Rédacteur',
  'Coach',
  'Notaire',
  'Agent immobilier',
  'Vidéaste',
  'Community manager',
  'Expert SEO',
  'Ergonome',
  'Formateur',
  'Assureur',
];
const industries = [
  'Numérique',
  'Communication',
  'Finance',
  'Juridique',
  'Bâtiment',
  'Conseil',
  'Santé',
  'Immobilier',
  'Formation',
  'Commerce',
];
const cities = [
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Bordeaux',
  'Lille',
  'Rennes',
  'Strasbourg',
  'Montpellier',
  'Nice',
  'Quimperlé',
];
const skills = [
  'React',
  'Illustrator',
  'Fiscalité',
  'Portrait',
  'Droit des affaires',
  'Rénovation',
  'SEO',
  'Vidéo',
  'Traduction',
  'Rédaction web',
  'Comptabilité',
  'Photographie',
  'Design',
  'Marketing',
  'Formation',
  'Gestion de projet',
  'Prise de parole',
  'Domotique',
  'Assurance',
  'Immobilier',
  'Node.js',
  'Figma',
  'Montage',
  'Community management',
];
const firstNames = [
  'Hélène',
  'Bruno',
  'Chloé',
  'Karim',
  'Inès',
  'Lucas',
  'Zoé',
  'Thomas',
  'Léa',
  'Mathis',
  'Emma',
  'Noé',
];
const lastNames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
];

/** Bulk inserts in SQL: 10,000 members with their profiles, then 100,000 ratings. */
async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g,
           (${sql.raw(list(firstNames))})[1 + g % ${firstNames.length}] || ' ' ||
           (${sql.raw(list(lastNames))})[1 + (g / ${firstNames.length}) % ${lastNames.length}] || ' ' || g,
           'bench' || g || '@exemple.fr', true
      from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into profiles (user_id, full_name, company_name, profession, industry, city, bio, skills, looking_for)
    select 'bench-' || g, u.name, 'Entreprise ' || (g % 900),
           (${sql.raw(list(professions))})[1 + g % ${professions.length}],
           (${sql.raw(list(industries))})[1 + (g * 7) % ${industries.length}],
           -- 5 is prime to 12: every city gets 1/12 of the members (a search for one city matches ~830).
           (${sql.raw(list(cities))})[1 + (g * 5) % ${cities.length}],
           'Professionnel du réseau depuis ' || (2000 + g % 25) || ', à votre écoute pour vos projets.',
           array(select (${sql.raw(list(skills))})[1 + (g * k) % ${skills.length}] from generate_series(1, 2 + g % 6) k),
           array(select (${sql.raw(list([...professions, ...skills]))})[1 + (g * 13 + k * 5) % ${professions.length + skills.length}]
                   from generate_series(1, 1 + g % 3) k)
      from generate_series(1, ${MEMBERS}) g
      join "user" u on u.id = 'bench-' || g`);
  await db.execute(sql`
    insert into member_ratings (rater_id, rated_id, rating)
    select 'bench-' || g, 'bench-' || (1 + (g + k * 997) % ${MEMBERS}), 1 + (g + k) % 5
      from generate_series(1, ${MEMBERS}) g cross join generate_series(1, ${RATINGS_PER_MEMBER}) k
     on conflict do nothing`);
  await db.execute(sql`vacuum analyze`);
  // Flush the seed's writes now rather than during the first scenario (needs superuser; optional).
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ members, ratings }] = (
    await db.execute(
      sql`select (select count(*)::int from profiles) as members, (select count(*)::int from member_ratings) as ratings`,
    )
  ).rows;
  return { members, ratings, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** A subscriber signed up through the API (subscription row written directly), a developer seeking a graphic designer. */
async function subscriberCookie(baseUrl, db) {
  const { userId, cookie } = await signUpSubscriber(baseUrl, db);
  await db.execute(sql`
    update profiles set profession = 'Développeur', industry = 'Numérique', skills = array['React', 'Node.js'],
           looking_for = array['Graphiste', 'Marketing', 'Comptable']
     where user_id = ${userId}`);
  return cookie;
}

async function run(url, headers) {
  // PGlite answers one query at a time: under 10 connections a slow request waits its turn, so
  // the client's timeout is generous and any timeout is reported (never hidden).
  return measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 });
}

const scenarios = [
  ['page 1 (nom)', '/api/members'],
  ['recherche « lyon »', '/api/members?q=lyon'],
  ['filtre métier', `/api/members?profession=${encodeURIComponent('Graphiste')}`],
  ['tri par note', '/api/members?sort=rating'],
  ['tri synergies', '/api/members?sort=synergy'],
];

async function bench(kind) {
  return withBenchApp(kind, { prefix: 'bench_directory', postgresUrl, seed }, async ({ address, db }) => {
    const cookie = await subscriberCookie(address, db);
    const results = [];
    for (const [label, pathAndQuery] of scenarios) {
      const url = `${address}${pathAndQuery}`;
      const check = await fetch(url, { headers: { cookie } });
      if (!check.ok) throw new Error(`${url}: ${check.status} ${await check.text()}`);
      const { total } = await check.json();
      await warmUp(url, { cookie });
      results.push({ label, total, ...(await run(url, { cookie })) });
    }
    return { results };
  });
}

const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of kinds) {
  const r = await bench(kind);
  console.log(
    `${kind}: ${r.seeded.members} members, ${r.seeded.ratings} ratings (seeded in ${r.seeded.seconds} s), ${DURATION} s x ${CONNECTIONS} connections`,
  );
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: m.label,
      matches: m.total,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
      errors: m.errors,
    });
  }
}
console.log(
  `\nGET /api/members (pages of 20, signed-in subscriber), Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'})`,
);
console.table(rows);
