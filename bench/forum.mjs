// Latency and throughput of the forum's reads (network-core §9, issue 18) on a seeded database:
// 20,000 topics in one national category (the worst case for its list), 10 replies each
// (200,000), written by 500 members, in plain French built from a small vocabulary (so that
// search words match hundreds to thousands of messages). With autocannon, signed in as a
// subscriber: the category's topic list (page 1 and page 500), a topic page with its 10 replies,
// and three searches. Also counts the SQL statements one request of each sends (the session's
// lookup included) and prints the plans of the list and search queries (indexes used).
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a
// database of its own, created then dropped).
// Usage: npm run bench:forum [-- --duration 10 --connections 10 --only pglite|postgres]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { FORUM_ACCENTS, FORUM_PLAIN } from '../apps/server/src/db/schema.ts';
import {
  machine,
  measureUrl,
  option,
  queriesPerRequest,
  signUpSubscriber,
  warmUp,
  withBenchApp,
} from './lib/harness.mjs';

const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 10);
const MEMBERS = 500;
const TOPICS = 20_000;
const REPLIES = 10;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

const WORDS = [
  'facture',
  'comptable',
  'devis',
  'client',
  'logiciel',
  'électronique',
  'assurance',
  'banque',
  'site internet',
  'fiscalité',
  'recrutement',
  'stagiaire',
  'bail commercial',
  'prospection',
  'salon',
  'marketing',
  'trésorerie',
  'habitation',
  'véhicule',
  'formation',
  'avocat',
  'imprimeur',
  'photographe',
  'graphiste',
  'plombier',
  'électricien',
  'architecte',
  'notaire',
  'traiteur',
  'déménagement',
  'sécurité',
  'nettoyage',
];
const words = `array[${WORDS.map((w) => `'${w}'`).join(', ')}]`;
const pick = (expr) => `(${words})[1 + (${expr}) % ${WORDS.length}]`;

/** A statement without the app's statement timeout (VACUUM cannot run in a transaction). */
async function withoutTimeout(db, statement) {
  const pool = db.$client;
  if (!('totalCount' in pool)) return db.execute(sql.raw(statement)); // PGlite: no timeout
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query(statement);
    await client.query('reset statement_timeout');
  } finally {
    client.release();
  }
}

/** Bulk inserts in SQL: members, topics in `entraide`, their replies (search columns generated). */
async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into profiles (user_id, full_name) select 'bench-' || g, 'Membre ' || g from generate_series(1, ${MEMBERS}) g`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql.raw(`
    insert into forum_topics (category_id, author_id, title, body, is_public, reply_count, last_activity_at, created_at)
    select (select id from forum_categories where slug = 'entraide'), 'bench-' || (1 + i % ${MEMBERS}),
           'Besoin d''un conseil : ' || ${pick('i * 7')} || ' et ' || ${pick('i * 13 + 5')} || ' (' || i || ')',
           'Bonjour, je cherche des retours sur ' || ${pick('i * 3')} || ' pour mon entreprise. Nous avons des questions de '
             || ${pick('i * 11 + 2')} || ' et de ' || ${pick('i * 17 + 9')} || '. Merci d''avance pour vos conseils.',
           i % 4 = 0, ${REPLIES}, now() - (i * interval '1 minute'), now() - (i * interval '1 minute') - interval '1 day'
      from generate_series(1, ${TOPICS}) i`),
    );
  });
  // Ten statements of 20,000 replies (reply r of every topic), each without the app's statement
  // timeout: the search columns are computed on insert.
  for (let r = 1; r <= REPLIES; r++) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(
        sql.raw(`
        insert into forum_posts (topic_id, author_id, body, created_at)
        select t.id, 'bench-' || (1 + (n * 31 + ${r}) % ${MEMBERS}),
               'Pour ' || ${pick(`n * 5 + ${r}`)} || ', je vous conseille de voir avec un ' || ${pick(`n * 7 + ${r * 3}`)}
                 || ' du réseau. Réponse ${r}.',
               t.created_at + ${r} * interval '1 minute'
          from (select id, created_at, row_number() over (order by id) as n from forum_topics) t`),
      );
    });
  }
  await withoutTimeout(db, 'vacuum analyze');
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ topics, posts }] = (
    await db.execute(sql`
      select (select count(*)::int from forum_topics) as topics, (select count(*)::int from forum_posts) as posts`)
  ).rows;
  return { topics, posts, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The SQL statements the database driver receives while one request of `url` is answered. */
/** The plan's lines naming an index or a sequential scan, to check the indexes are used. */
async function planOf(db, query) {
  const { rows } = await db.execute(sql.raw(`explain ${query}`));
  return rows
    .map((r) => r['QUERY PLAN'])
    .filter((line) => /Index|Seq Scan|Bitmap/.test(line))
    .map((line) => line.trim().replace(/\s+\(cost=.*$/, ''));
}

async function bench(kind) {
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(`${kind}: ${seeded.topics} topics, ${seeded.posts} replies, seeded in ${seeded.seconds} s`);
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_forum', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const { cookie } = await signUpSubscriber(address, db);
    const [{ id: topicId, category_id: categoryId }] = (
      await db.execute(sql`select id, category_id from forum_topics order by last_activity_at desc offset 100 limit 1`)
    ).rows;
    const deep = Math.floor(TOPICS / 20 / 2);
    const scenarios = [
      ['sujets d’une catégorie, 1re page', '/api/forum/categories/entraide/topics'],
      [`sujets, page ${deep}`, `/api/forum/categories/entraide/topics?page=${deep}`],
      ['un sujet et ses 10 réponses', `/api/forum/topics/${topicId}`],
      ['recherche « facture »', '/api/forum/search?q=facture'],
      ['recherche « electronique » (sans accent)', '/api/forum/search?q=electronique'],
      ['recherche « assurance habitation »', `/api/forum/search?q=${encodeURIComponent('assurance habitation')}`],
    ];
    const fold = (q) => `translate('${q}', '${FORUM_ACCENTS}', '${FORUM_PLAIN}')`;
    const plans = {
      first: await planOf(
        db,
        `select id from forum_topics t where t.category_id = '${categoryId}' and t.hidden_at is null
          order by t.last_activity_at desc nulls last, t.id limit 20`,
      ),
      list: await planOf(
        db,
        `select id from forum_topics t where t.category_id = '${categoryId}' and t.hidden_at is null
          order by t.last_activity_at desc nulls last, t.id limit 20 offset ${(deep - 1) * 20}`,
      ),
      searchTopics: await planOf(
        db,
        `select id from forum_topics t where t.search @@ websearch_to_tsquery('french', ${fold('facture')})`,
      ),
      searchPosts: await planOf(
        db,
        `select id from forum_posts p where p.search @@ websearch_to_tsquery('french', ${fold('facture')})`,
      ),
      posts: await planOf(
        db,
        `select id from forum_posts p where p.topic_id = '${topicId}' order by p.created_at, p.id limit 50`,
      ),
    };
    const headers = { cookie };
    const results = [];
    for (const [label, pathAndQuery] of scenarios) {
      const url = `${address}${pathAndQuery}`;
      const check = await fetch(url, { headers });
      const body = await check.text();
      if (!check.ok) throw new Error(`${url}: ${check.status} ${body}`);
      await warmUp(url, headers);
      const queries = await queriesPerRequest(db, url, headers);
      const parsed = JSON.parse(body);
      results.push({
        label,
        path: pathAndQuery.replace(topicId, ':topicId'),
        kb: (Buffer.byteLength(body) / 1024).toFixed(1),
        found: parsed.total ?? null,
        queries,
        ...(await measureUrl(url, { connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 })),
      });
    }
    return { results, plans };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
for (const kind of kinds) {
  const rows = [];
  const r = await bench(kind);
  console.log(`${kind}: measured, ${DURATION} s x ${CONNECTIONS} connections per request`);
  console.log(`${kind}: plan of the list's first page: ${r.plans.first.join(' / ')}`);
  console.log(`${kind}: plan of a deep list page: ${r.plans.list.join(' / ')}`);
  console.log(`${kind}: plan of a topic's replies: ${r.plans.posts.join(' / ')}`);
  console.log(`${kind}: plan of search (topics): ${r.plans.searchTopics.join(' / ')}`);
  console.log(`${kind}: plan of search (replies): ${r.plans.searchPosts.join(' / ')}`);
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: `GET ${m.path}`,
      KB: m.kb,
      total: m.found,
      'SQL queries': m.queries,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'req/s': m.rps,
      requests: m.requests,
      errors: m.errors,
    });
  }
  console.log(`\nForum (signed in), ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
  console.table(rows);
}
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
