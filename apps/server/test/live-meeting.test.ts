import type { LiveState, LiveView } from '@synergie/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import {
  guests,
  meetingAttendance,
  meetingLive,
  meetingLiveEvents,
  meetings,
  profiles,
  recommendations,
} from '../src/db/schema';
import { guestToken } from '../src/domain/guests';
import { createTestApp } from './helpers/app';
import { client } from './helpers/auth';
import { testDbKind } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';
import { listen, openEventStream } from './helpers/sse';

/**
 * The live meeting (issue 30) through its routes and a real event stream: the launch window, the
 * phases `Suivant` walks, two leaders at once, the round in check-in order with latecomers,
 * `J’ai une recommandation pour…`, the projector's recommendations, the business thanked, and
 * phones that reconnect with Last-Event-ID. Two instances (PostgreSQL's LISTEN/NOTIFY) at the end.
 */

const t = await createTestApp();
const db = t.database.db;
await listen(t.app);

const leader = await signUpSubscriber(t, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
const secretary = await signUpSubscriber(t, { name: 'Sam Secrétaire' }, { fullName: 'Sam Secrétaire' });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
const foreignLeader = await signUpSubscriber(t, { name: 'Zoé Autre' }, { fullName: 'Zoé Autre' });

const trades = await catalogue(db);
const tradeAt = (i: number) => (trades[i] as { id: string }).id;
const groupA = await createGroup(db, { liveRoundSeconds: 45, livePresentationMinutes: 8 });
const groupB = await createGroup(db);
await seat(db, groupA.id, [
  { userId: leader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: secretary.userId, tradeId: tradeAt(4), role: 'secretary_treasurer' },
  { userId: marie.userId, tradeId: tradeAt(1) },
  { userId: paul.userId, tradeId: tradeAt(2) },
]);
await seat(db, groupB.id, [{ userId: foreignLeader.userId, tradeId: tradeAt(0), role: 'president' }]);

let day = 0;
/** A meeting of group A starting `startsIn` minutes from now, lasting 90 minutes. */
async function meeting(startsIn: number, extra: Partial<typeof meetings.$inferInsert> = {}, groupId = groupA.id) {
  day += 1;
  const start = Date.now() + startsIn * 60_000;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId,
      scheduledOn: new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      startsAt: new Date(start),
      endsAt: new Date(start + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      ...extra,
    })
    .returning({ id: meetings.id });
  return (row as { id: string }).id;
}

/** Members checked in `minutesAgo` minutes ago, in this order. */
async function checkedIn(meetingId: string, who: { userId: string }[], startsAt: number) {
  let at = startsAt - 10 * 60_000;
  for (const member of who) {
    at += 60_000;
    await db.insert(meetingAttendance).values({
      meetingId,
      userId: member.userId,
      status: at > startsAt ? 'late' : 'present',
      checkedInAt: new Date(at),
      source: 'qr',
      recordedBy: member.userId,
    });
  }
}

const url = (meetingId: string, rest = '') => `/api/groups/${groupA.id}/meetings/${meetingId}/live${rest}`;
const stateOf = (res: { json(): unknown }) => (res.json() as LiveView).state;

describe('launching', () => {
  it('opens 30 minutes before the start, to the leaders only, and a second launch resumes', async () => {
    const early = await meeting(45);
    const tooEarly = await leader.post(url(early));
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toBe('La réunion se lance au plus tôt 30 minutes avant son début.');

    const id = await meeting(20);
    expect((await marie.post(url(id))).statusCode).toBe(403);
    expect((await foreignLeader.post(url(id))).statusCode).toBe(403);
    const before = await marie.get(url(id));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ viewerLeads: false, canLaunch: false, state: { live: false } });
    expect((await leader.get(url(id))).json()).toMatchObject({ viewerLeads: true, canLaunch: true });

    // Two leaders at once: one row, one event, both answered with the live meeting.
    const [a, b] = await Promise.all([leader.post(url(id)), secretary.post(url(id))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(stateOf(a)).toMatchObject({ live: true, phase: 'welcome', phaseLabel: 'Accueil', version: 1 });
    const events = await db.select({ n: count() }).from(meetingLiveEvents).where(eq(meetingLiveEvents.meetingId, id));
    expect(events[0]?.n).toBe(1);
    const again = await leader.post(url(id));
    expect(stateOf(again).version).toBe(1);
  });

  it('refuses a cancelled or finished meeting, and a meeting of another group is not found', async () => {
    const cancelled = await meeting(5, { status: 'cancelled' });
    expect((await leader.post(url(cancelled))).json().error.code).toBe('LIVE_OVER');
    const past = await meeting(-120);
    expect((await leader.post(url(past))).json().error.code).toBe('LIVE_OVER');
    const theirs = await meeting(5, {}, groupB.id);
    expect((await leader.post(url(theirs))).statusCode).toBe(404);
    expect((await leader.post(url('pas-un-id'))).statusCode).toBe(404);
  });
});

describe('Suivant', () => {
  it('walks the phases, the round in check-in order with its timer, latecomers at its end', async () => {
    const startsIn = -5;
    const id = await meeting(startsIn);
    const startsAt = (await db.select().from(meetings).where(eq(meetings.id, id)))[0]?.startsAt.getTime() as number;
    // Marie at start - 9 min, Paul at start - 8 min.
    await checkedIn(id, [marie, paul], startsAt);
    let state = stateOf(await leader.post(url(id)));
    const next = async () => {
      const res = await secretary.post(url(id, '/next'), { version: state.version });
      expect(res.statusCode, res.body).toBe(200);
      state = stateOf(res);
      return state;
    };
    expect((await next()).phase).toBe('round');
    expect(state.round.map((m) => m.name)).toEqual(['Marie Dupont', 'Paul Martin']);
    expect(state).toMatchObject({ speakerIndex: 0, speaker: { name: 'Marie Dupont' }, phaseSeconds: 45 });

    // The leader checks in late, through the real route: the live round lists her at its end.
    const code = await leader.get(`/api/groups/${groupA.id}/meetings/${id}/checkin-code`);
    const token = new URL(code.json().url).searchParams.get('jeton');
    expect((await leader.post('/api/checkin', { token })).statusCode).toBe(201);
    const touched = stateOf(await marie.get(url(id)));
    expect(touched.round.map((m) => [m.name, m.late])).toEqual([
      ['Marie Dupont', false],
      ['Paul Martin', false],
      ['Léa Présidente', true],
    ]);
    expect(touched.version).toBe(state.version + 1);
    state = touched;

    expect((await next()).speaker?.name).toBe('Paul Martin');
    expect((await next()).speaker?.name).toBe('Léa Présidente');
    expect(await next()).toMatchObject({ phase: 'presentation', phaseSeconds: 480, speaker: null });
    expect((await next()).phase).toBe('visitors');
    expect((await next()).phase).toBe('thanks');
    expect((await next()).phase).toBe('recommendations');
    expect(await next()).toMatchObject({ phase: 'ended', phaseLabel: 'Réunion terminée' });
    expect(state.endedAt).not.toBeNull();
    const over = await secretary.post(url(id, '/next'), { version: state.version });
    expect(over.json().error.code).toBe('LIVE_ENDED');
  });

  it('moves once when two leaders press at once; the second is told where it is', async () => {
    const id = await meeting(10);
    const { version } = stateOf(await leader.post(url(id)));
    const answers = await Promise.all(
      [leader, secretary, leader, secretary].map((who) => who.post(url(id, '/next'), { version })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const stale = answers.find((r) => r.statusCode === 409);
    expect(stale?.json().error.code).toBe('LIVE_STALE_VERSION');
    const [row] = await db.select().from(meetingLive).where(eq(meetingLive.meetingId, id));
    expect(row?.version).toBe(version + 1);
    // Nobody checked in: the round is skipped.
    expect(row?.phase).toBe('presentation');
  });

  it('is the leaders’ only: a member, another group’s leader and a bad version are refused', async () => {
    const id = await meeting(10);
    await leader.post(url(id));
    expect((await marie.post(url(id, '/next'), { version: 1 })).statusCode).toBe(403);
    expect((await foreignLeader.post(url(id, '/next'), { version: 1 })).statusCode).toBe(403);
    const bad = await leader.post(url(id, '/next'), { version: 'un' });
    expect(bad.statusCode).toBe(400);
    const notLive = await meeting(12);
    expect((await leader.post(url(notLive, '/next'), { version: 1 })).json().error.code).toBe('LIVE_NOT_STARTED');
  });
});

describe('during the meeting', () => {
  it('links a recommendation given in the round to the meeting; the projector shows it when allowed', async () => {
    const id = await meeting(-2);
    const startsAt = Date.now() - 2 * 60_000;
    await checkedIn(id, [marie, paul], startsAt);
    const notYet = await marie.post(url(id, '/recommendations'), {
      receiverId: paul.userId,
      need: 'Un devis',
      heat: 4,
    });
    expect(notYet.json().error.code).toBe('LIVE_NOT_STARTED');
    await leader.post(url(id));

    const empty = await marie.post(url(id, '/recommendations'), { receiverId: paul.userId, need: '', heat: 9 });
    expect(empty.statusCode).toBe(400);
    const self = await marie.post(url(id, '/recommendations'), { receiverId: marie.userId, need: 'Un devis', heat: 4 });
    expect(self.json().error.code).toBe('SELF_RECOMMENDATION');

    const given = await marie.post(url(id, '/recommendations'), {
      receiverId: paul.userId,
      need: 'Refaire la salle de bains de ma voisine',
      heat: 5,
    });
    expect(given.statusCode, given.body).toBe(201);
    const [row] = await db.select().from(recommendations).where(eq(recommendations.id, given.json().id));
    expect(row).toMatchObject({ meetingId: id, kind: 'for_you', giverId: marie.userId, receiverId: paul.userId });

    let state = stateOf(await paul.get(url(id)));
    expect(state).toMatchObject({ recommendationCount: 1, showRecommendations: false, recommendations: [] });
    expect((await marie.put(url(id, '/show-recommendations'), { show: true })).statusCode).toBe(403);
    state = stateOf(await secretary.put(url(id, '/show-recommendations'), { show: true }));
    expect(state.recommendations).toEqual([
      expect.objectContaining({
        giver: 'Marie Dupont',
        receiver: 'Paul Martin',
        need: 'Refaire la salle de bains de ma voisine',
      }),
    ]);
    // Another group's member cannot log one in this meeting.
    const foreign = await foreignLeader.post(url(id, '/recommendations'), {
      receiverId: paul.userId,
      need: 'Un devis',
      heat: 3,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('thanks the business confirmed since the previous meeting, with the amount only if the receiver agreed', async () => {
    // A group of its own: the other tests' meetings are not its previous meeting.
    const groupC = await createGroup(db);
    const [chair, ana, luc] = await Promise.all(
      ['Chloé Chair', 'Ana Giver', 'Luc Receiver'].map((n) => signUpSubscriber(t, { name: n }, { fullName: n })),
    );
    if (!chair || !ana || !luc) throw new Error('members');
    await seat(db, groupC.id, [
      { userId: chair.userId, tradeId: tradeAt(0), role: 'president' },
      { userId: ana.userId, tradeId: tradeAt(1) },
      { userId: luc.userId, tradeId: tradeAt(2) },
    ]);
    // The previous meeting, a week ago: business confirmed before it was thanked then.
    await meeting(-7 * 24 * 60, {}, groupC.id);
    const id = await meeting(5, {}, groupC.id);
    const won = async (giver: { userId: string }, receiver: { userId: string }, amount: number, daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await db.insert(recommendations).values({
        giverId: giver.userId,
        receiverId: receiver.userId,
        giverGroupId: groupC.id,
        receiverGroupId: groupC.id,
        kind: 'for_you',
        heat: 3,
        need: 'Un chantier',
        status: 'won',
        amountCents: amount,
        businessStatus: 'confirmed',
        businessDeclaredAt: at,
        businessAnsweredAt: at,
      });
    };
    await won(ana, luc, 240_000, 2); // Luc thanks Ana: 2 400 €, Luc agreed to announce it.
    await won(luc, ana, 90_000, 3); // Ana thanks Luc: no amount.
    await won(luc, ana, 50_000, 9); // Before the previous meeting: thanked then.
    await db.update(profiles).set({ announceBusinessAmount: true }).where(eq(profiles.userId, luc.userId));
    const res = await chair.post(`/api/groups/${groupC.id}/meetings/${id}/live`);
    expect(res.statusCode, res.body).toBe(200);
    expect(stateOf(res).thanks.map(({ receiver, giver, amountCents }) => ({ receiver, giver, amountCents }))).toEqual([
      { receiver: 'Ana Giver', giver: 'Luc Receiver', amountCents: null },
      { receiver: 'Luc Receiver', giver: 'Ana Giver', amountCents: 240_000 },
    ]);
  });
});

describe('the stream', () => {
  const headersOf = (who: { jar: { header(): string } }, extra: Record<string, string> = {}) => ({
    cookie: who.jar.header(),
    ...extra,
  });

  it('gives a phone the state, then each change; a phone back with Last-Event-ID gets only what it missed', async () => {
    const id = await meeting(10);
    const phone = await openEventStream(t.app, url(id, '/stream'), headersOf(marie));
    expect(phone.status).toBe(200);
    expect(phone.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await phone.next();
    expect(first.event).toBe('state');
    expect(first.id).toBe('0');
    expect((JSON.parse(first.data) as LiveState).live).toBe(false);

    await leader.post(url(id));
    const launched = await phone.next();
    expect(JSON.parse(launched.data)).toMatchObject({ live: true, version: 1 });
    const launchedId = Number(launched.id);
    expect(launchedId).toBeGreaterThan(0);
    phone.close();

    // Away during two changes: back with its last id, it gets the last state only, at once.
    await leader.post(url(id, '/next'), { version: 1 });
    await leader.post(url(id, '/next'), { version: 2 });
    const back = await openEventStream(
      t.app,
      url(id, '/stream'),
      headersOf(marie, { 'last-event-id': String(launchedId) }),
    );
    const caughtUp = await back.next();
    expect(Number(caughtUp.id)).toBeGreaterThan(launchedId);
    expect(JSON.parse(caughtUp.data)).toMatchObject({ version: 3, phase: 'visitors' });
    // Up to date: nothing more until the next change.
    await expect(back.next(300)).rejects.toThrow(/no event/);
    await leader.post(url(id, '/next'), { version: 3 });
    expect(JSON.parse((await back.next()).data)).toMatchObject({ version: 4, phase: 'thanks' });
    back.close();
  });

  it('is the group’s only, and holds at most 5 streams per member', async () => {
    const id = await meeting(10);
    const foreign = await openEventStream(t.app, url(id, '/stream'), headersOf(foreignLeader));
    expect(foreign.status).toBe(403);
    foreign.close();
    const anonymous = await openEventStream(t.app, url(id, '/stream'), {});
    expect(anonymous.status).toBe(401);
    anonymous.close();
    const open = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await openEventStream(t.app, url(id, '/stream'), headersOf(paul));
      expect(s.status).toBe(200);
      await s.next();
      open.push(s);
    }
    const sixth = await openEventStream(t.app, url(id, '/stream'), headersOf(paul));
    expect(sixth.status).toBe(429);
    sixth.close();
    for (const s of open) s.close();
    // Closed streams free their places.
    await expect.poll(() => t.app.ctx.liveHub?.openStreams(paul.userId), { timeout: 3000 }).toBe(0);
  });
});

describe('a visitor of the day', () => {
  it('follows the meeting by the link of their invitation, during its window only, without contact details', async () => {
    const id = await meeting(10);
    const [guest] = await db
      .insert(guests)
      .values({
        meetingId: id,
        groupId: groupA.id,
        invitedBy: marie.userId,
        name: 'Vera Visiteuse',
        email: 'vera@example.fr',
        phone: '+33611223344',
        company: 'Vera Conseil',
        consentAt: new Date(),
        status: 'registered',
        lastMeetingAt: new Date(),
      })
      .returning({ id: guests.id });
    const token = guestToken(t.app.ctx, (guest as { id: string }).id);
    const visitor = client(t, '10.77.0.1');
    const before = await visitor.get(`/api/invitation/live?jeton=${encodeURIComponent(token)}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      live: false,
      visitors: [{ name: 'Vera Visiteuse', company: 'Vera Conseil', invitedBy: 'Marie Dupont' }],
    });
    // Nobody's email or phone on the visitors' screens, the visitor's own included.
    expect(before.body).not.toMatch(/@|\+33/);

    const phone = await openEventStream(t.app, `/api/invitation/live/stream?jeton=${encodeURIComponent(token)}`, {});
    expect(phone.status).toBe(200);
    await phone.next();
    await leader.post(url(id));
    expect(JSON.parse((await phone.next()).data)).toMatchObject({ live: true, phase: 'welcome' });
    phone.close();

    const forged = await visitor.get('/api/invitation/live?jeton=faux');
    expect(forged.json().error.code).toBe('INVITATION_INVALID');
    // Another day's meeting: closed.
    const later = await meeting(3 * 24 * 60);
    await db
      .update(guests)
      .set({ meetingId: later })
      .where(eq(guests.id, (guest as { id: string }).id));
    const closed = await visitor.get(`/api/invitation/live?jeton=${encodeURIComponent(token)}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('LIVE_VISITOR_CLOSED');
  });
});

// Two instances share one database only on PostgreSQL (PGlite lives in one process); without
// Redis the word goes through LISTEN/NOTIFY (live-meeting.redis.test.ts: through Redis).
if (testDbKind === 'postgres') {
  describe('two instances on PostgreSQL, no Redis', async () => {
    const second: Database = await openPostgres((t.database as { url?: string }).url as string, 3);
    afterAll(async () => second.close());
    const b = await createTestApp({ database: second });
    await listen(b.app);

    it('a Suivant on one instance reaches the phones of the other', async () => {
      const id = await meeting(10);
      const phone = await openEventStream(b.app, url(id, '/stream'), { cookie: paul.jar.header() });
      await phone.next();
      await leader.post(url(id));
      expect(JSON.parse((await phone.next()).data)).toMatchObject({ live: true, version: 1 });
      await leader.post(url(id, '/next'), { version: 1 });
      expect(JSON.parse((await phone.next()).data)).toMatchObject({ version: 2 });
      phone.close();
      expect(b.app.ctx.liveHub?.transport).toBe('postgres');
    });
  });
}
