// Latency of the QR check-in (network-core §4, `POST /api/checkin`) when a whole group scans the
// meeting's code at the door at once. Seeds 2,000 members in 40 groups with a year of weekly
// meetings and their attendance (about 100,000 rows), then a measured group of 50 members signed up
// through the API (its président shows the QR code). Each round is a new meeting starting in 10
// minutes: the président fetches the code (`GET …/checkin-code`), then the 50 members scan it at
// the same instant (50 concurrent requests). Last round: 50 scans of the same member at once
// (1 × 201, 49 × 409 ALREADY_CHECKED_IN). Prints p50 / p99 per kind of answer.
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL (a
// database of its own, created then dropped).
// Usage: npm run bench:checkin [-- --rounds 10 --only pglite|postgres --cpu-prof-file checkin.cpuprofile]
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { machine, option, percentile, profiled, signUpSubscriber, withBenchApp } from './lib/harness.mjs';

const ROUNDS = option('--rounds', 10);
const SCANNERS = 50;
const MEMBERS = 2000;
const GROUPS = 40;
const WEEKS = 52;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** Other groups' members, meetings and attendance, in SQL. */
async function seed(db) {
  const started = Date.now();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Membre ' || g, 'bench' || g || '@exemple.fr', true from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm,
                        meeting_weekday, meeting_time)
    select 'groupe-' || g, 'Synergie Pro Groupe ' || g, 'Lyon', '69', 'Auvergne-Rhône-Alpes',
           g || ' avenue de la République', 'weekly', 1 + g % 5, time '07:00'
      from generate_series(0, ${GROUPS}) g`);
  await db.execute(sql`
    insert into group_members (group_id, user_id, trade_id)
    select gr.id, 'bench-' || m, t.id
      from generate_series(1, ${MEMBERS}) m
      join groups gr on gr.slug = 'groupe-' || (1 + m % ${GROUPS})
      join (select id, row_number() over (order by slug) - 1 as n from trades) t on t.n = m / ${GROUPS}`);
  await db.execute(sql`
    insert into meetings (group_id, scheduled_on, starts_at, ends_at, place)
    select gr.id, (current_date - w * 7), now() - w * interval '7 days', now() - w * interval '7 days' + interval '90 minutes',
           gr.meeting_place
      from groups gr cross join generate_series(1, ${WEEKS}) w`);
  await db.execute(sql`
    insert into meeting_attendance (meeting_id, user_id, status, source, checked_in_at)
    select m.id, gm.user_id,
           (array['present', 'present', 'present', 'present', 'late', 'absent', 'excused'])[1 + abs(hashtext(m.id::text || gm.user_id)) % 7],
           'qr', m.starts_at
      from meetings m join group_members gm on gm.group_id = m.group_id`);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {});
  const [{ attendance }] = (await db.execute(sql`select count(*)::int as attendance from meeting_attendance`)).rows;
  return { attendance, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The measured group (`groupe-0`): SCANNERS subscribers signed up through the API, the first its président. */
async function measuredGroup(baseUrl, db) {
  const [{ groupId }] = (await db.execute(sql`select id as "groupId" from groups where slug = 'groupe-0'`)).rows;
  const { rows: trades } = await db.execute(sql`select id from trades order by slug limit ${SCANNERS}`);
  const members = [];
  for (let i = 0; i < SCANNERS; i += 1) {
    const member = await signUpSubscriber(baseUrl, db);
    await db.execute(sql`
      insert into group_members (group_id, user_id, trade_id, role)
      values (${groupId}, ${member.userId}, ${trades[i].id}, ${i === 0 ? 'president' : null})`);
    members.push(member);
  }
  return { groupId, members };
}

async function timed(fn) {
  const started = performance.now();
  const res = await fn();
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

function summary(label, samples) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    label,
    requests: sorted.length,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

async function bench(kind) {
  const seedAndTell = async (db) => {
    const seeded = await seed(db);
    console.log(`${kind}: ${seeded.attendance} attendance rows, seeded in ${seeded.seconds} s`);
    return seeded;
  };
  return withBenchApp(kind, { prefix: 'bench_checkin', postgresUrl, seed: seedAndTell }, async ({ address, db }) => {
    const { groupId, members } = await measuredGroup(address, db);
    const [president] = members;
    const codes = [];
    const scans = [];
    const duplicates = [];
    const newMeeting = async (round) => {
      const [{ id }] = (
        await db.execute(sql`
          insert into meetings (group_id, scheduled_on, starts_at, ends_at, place)
          values (${groupId}, current_date + ${round + 1}::int, now() + interval '10 minutes',
                  now() + interval '100 minutes', 'Lyon')
          returning id`)
      ).rows;
      const code = await timed(() =>
        fetch(`${address}/api/groups/${groupId}/meetings/${id}/checkin-code`, {
          headers: { cookie: president.cookie },
        }),
      );
      if (code.status !== 200) throw new Error(`checkin-code: ${code.status} ${code.body}`);
      codes.push(code);
      return new URL(JSON.parse(code.body).url).searchParams.get('jeton');
    };
    const scan = (member, token) =>
      timed(() =>
        fetch(`${address}/api/checkin`, {
          method: 'POST',
          headers: { cookie: member.cookie, 'content-type': 'application/json', origin: address },
          body: JSON.stringify({ token }),
        }),
      );
    // The 50 phones scan from a worker thread: their requests' own cost stays out of the
    // server's event loop, as it would be on 50 phones.
    const phones = new Worker(new URL('./lib/scan-worker.mjs', import.meta.url));
    let failed;
    phones.on('error', (error) => {
      failed = error;
    });
    const burst = (token, cookies = members.map((m) => m.cookie)) =>
      new Promise((resolve, reject) => {
        if (failed) reject(failed);
        phones.once('message', resolve);
        phones.postMessage({ address, cookies, token });
      });
    // Warm-up round, not counted.
    const warm = await newMeeting(ROUNDS);
    await burst(warm);
    await profiled(async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const token = await newMeeting(round);
        const answers = await burst(token);
        const refused = answers.filter((a) => a.status !== 201);
        if (refused.length > 0) throw new Error(`round ${round}: ${refused.length} refused, ${refused[0].body}`);
        scans.push(...answers);
      }
    });
    // One scan after the other: the request's own time, without the burst's queue.
    const sequential = [];
    const alone = await newMeeting(ROUNDS + 2);
    for (const m of members) {
      const answer = await scan(m, alone);
      if (answer.status !== 201) throw new Error(`one at a time: ${answer.status} ${answer.body}`);
      sequential.push(answer);
    }
    const token = await newMeeting(ROUNDS + 1);
    const same = await burst(
      token,
      members.map(() => president.cookie),
    );
    await phones.terminate();
    const created = same.filter((a) => a.status === 201).length;
    const conflicts = same.filter((a) => a.status === 409).length;
    if (created !== 1 || conflicts !== SCANNERS - 1)
      throw new Error(`same member: ${created} × 201, ${conflicts} × 409`);
    duplicates.push(...same);
    return {
      results: [
        summary(`POST /api/checkin, ${SCANNERS} members at once (201)`, scans),
        summary(`POST /api/checkin, ${SCANNERS} members one after the other (201)`, sequential),
        summary(`POST /api/checkin, one member ${SCANNERS} times at once (1 × 201, ${SCANNERS - 1} × 409)`, duplicates),
        summary('GET …/checkin-code (SVG QR code)', codes),
      ],
    };
  });
}

const loadBefore = os.loadavg()[0];
const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const rows = [];
for (const kind of kinds) {
  const r = await bench(kind);
  for (const m of r.results) {
    rows.push({
      database: kind,
      request: m.label,
      requests: m.requests,
      'p50 (ms)': m.p50,
      'p99 (ms)': m.p99,
      'max (ms)': m.max,
    });
  }
}
console.log(`\nQR check-in, ${ROUNDS} rounds, ${machine()}, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);
console.log(`Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`);
