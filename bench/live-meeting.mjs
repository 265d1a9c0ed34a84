// The live meeting's fan-out (issue 30): one instance holds the phones' event streams
// (`GET …/live/stream`, Server-Sent Events) and a leader presses `Suivant`; measured is the time
// from the press (the POST leaves) to the event's arrival on each phone, and the server's heap per
// open stream. Two full groups of 50 members (checked in, so the round has 50 speakers): 200
// streams on group A's meeting (4 per member), then 500 on the instance: 250 on A's meeting and
// 250 on B's (5 per member, the limit), `Suivant` pressed in A. Phones live in a worker thread
// (bench/lib/stream-worker.mjs) so their reading stays out of the server's event loop.
// On embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL;
// each with and without Redis (BENCH_REDIS_URL, TEST_REDIS_URL, else redis://127.0.0.1:6379 if it
// answers). Goal: p99 ≤ 250 ms to 200 phones.
// Usage: npm run bench:live [-- --presses 20 --only pglite|postgres]
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { machine, option, percentile, signUpSubscriber, withBenchApp } from './lib/harness.mjs';

const PRESSES = option('--presses', 20);
const MEMBERS = 50;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const redisAnswers = () =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(redisUrl);
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const ask = (worker, message) =>
  new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      worker.off('message', onMessage);
      if (answer?.error) reject(new Error(answer.error));
      else resolve(answer);
    };
    worker.on('message', onMessage);
    worker.postMessage(message);
  });

const gcHeap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function bench(kind, withRedis) {
  return withBenchApp(
    kind,
    { prefix: 'bench_live', postgresUrl, seed: async () => ({}), env: withRedis ? { REDIS_URL: redisUrl } : {} },
    async ({ address, db, app }) => {
      const transport = app.ctx.liveHub?.transport;
      const { rows: trades } = await db.execute(sql`select id from trades order by slug limit ${MEMBERS}`);
      const group = async () => {
        const [{ groupId }] = (
          await db.execute(sql`
            insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm, meeting_weekday, meeting_time)
            values (${`direct-${randomBytes(3).toString('hex')}`}, 'Synergie Pro Direct', 'Lyon', '69', 'Auvergne-Rhône-Alpes',
                    'Lyon', 'weekly', 2, time '07:00')
            returning id as "groupId"`)
        ).rows;
        const members = [];
        for (let i = 0; i < MEMBERS; i += 1) {
          const member = await signUpSubscriber(address, db);
          await db.execute(sql`
            insert into group_members (group_id, user_id, trade_id, role)
            values (${groupId}, ${member.userId}, ${trades[i].id}, ${i === 0 ? 'president' : null})`);
          members.push(member);
        }
        return { groupId, members };
      };
      const a = await group();
      const b = await group();
      let day = 0;
      /** A meeting of the group starting in 10 minutes, everyone checked in, launched: its stream's URL and version. */
      const liveMeeting = async ({ groupId, members }) => {
        day += 1;
        const [{ meetingId }] = (
          await db.execute(sql`
            insert into meetings (group_id, scheduled_on, starts_at, ends_at, place)
            values (${groupId}, current_date + ${day}::int, now() + interval '10 minutes', now() + interval '100 minutes', 'Lyon')
            returning id as "meetingId"`)
        ).rows;
        await db.execute(sql`
          insert into meeting_attendance (meeting_id, user_id, status, checked_in_at, source)
          select ${meetingId}, gm.user_id, 'present', now() - (row_number() over (order by gm.user_id)) * interval '1 second', 'qr'
            from group_members gm where gm.group_id = ${groupId}`);
        const url = `${address}/api/groups/${groupId}/meetings/${meetingId}/live`;
        const launched = await fetch(url, { method: 'POST', headers: { cookie: members[0].cookie, origin: address } });
        if (launched.status !== 200) throw new Error(`launch: ${launched.status} ${await launched.text()}`);
        return { url, version: (await launched.json()).state.version };
      };
      const results = [];
      for (const [streamsA, streamsB] of [
        [200, 0],
        [250, 250],
      ]) {
        const measured = await liveMeeting(a);
        const other = await liveMeeting(b);
        const { url } = measured;
        let { version } = measured;
        const leader = a.members[0];
        const streams = streamsA;
        const phones = new Worker(new URL('./lib/stream-worker.mjs', import.meta.url));
        const bystanders = new Worker(new URL('./lib/stream-worker.mjs', import.meta.url));
        const before = gcHeap();
        const cookiesOf = (members, n) => Array.from({ length: n }, (_, i) => members[i % MEMBERS].cookie);
        await ask(phones, { open: { url: `${url}/stream`, cookies: cookiesOf(a.members, streamsA) } });
        if (streamsB > 0)
          await ask(bystanders, { open: { url: `${other.url}/stream`, cookies: cookiesOf(b.members, streamsB) } });
        const heapPerStream = (gcHeap() - before) / (streamsA + streamsB);
        const delays = [];
        const answers = [];
        for (let press = 0; press < PRESSES; press += 1) {
          const sent = performance.timeOrigin + performance.now();
          const res = await fetch(`${url}/next`, {
            method: 'POST',
            headers: { cookie: leader.cookie, origin: address, 'content-type': 'application/json' },
            body: JSON.stringify({ version }),
          });
          if (res.status !== 200) throw new Error(`next: ${res.status} ${await res.text()}`);
          answers.push(performance.timeOrigin + performance.now() - sent);
          version = (await res.json()).state.version;
          // Every phone has it: 5 s at most.
          let arrived = [];
          for (let wait = 0; wait < 100; wait += 1) {
            arrived = await ask(phones, { collect: version });
            if (arrived.length >= streams) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          if (arrived.length < streams)
            throw new Error(`press ${press}: ${arrived.length} of ${streams} phones got it`);
          delays.push(...arrived.map((at) => at - sent));
        }
        await ask(phones, { close: true });
        await phones.terminate();
        await bystanders.terminate();
        const sorted = delays.sort((a, b) => a - b);
        const sortedAnswers = answers.sort((a, b) => a - b);
        results.push({
          database: kind,
          transport,
          'open streams': streamsA + streamsB,
          'phones of the meeting': streamsA,
          events: sorted.length,
          'Suivant answered p50 (ms)': Math.round(percentile(sortedAnswers, 50)),
          'on phones p50 (ms)': Math.round(percentile(sorted, 50)),
          'on phones p99 (ms)': Math.round(percentile(sorted, 99)),
          'max (ms)': Math.round(sorted.at(-1)),
          'heap per stream (KiB)': Math.round((heapPerStream / 1024) * 10) / 10,
        });
      }
      return { results };
    },
  );
}

const only = option('--only', undefined);
const kinds = ['pglite', ...(postgresUrl ? ['postgres'] : [])].filter((kind) => !only || kind === only);
const redis = await redisAnswers();
const rows = [];
for (const kind of kinds) {
  for (const withRedis of redis ? [false, true] : [false]) {
    const r = await bench(kind, withRedis);
    rows.push(...r.results);
  }
}
console.log(
  `\nLive meeting fan-out, ${PRESSES} presses of Suivant, ${machine()}, ${new Date().toISOString().slice(0, 10)}`,
);
console.table(rows);
