import { parisToday } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  commissions as commissionsTable,
  groupMembers,
  groups,
  invoices as invoicesTable,
  meetings,
  membershipInvoices as membershipInvoicesTable,
  profiles,
  selfBillingInvoices,
  trades as tradesTable,
} from '../src/db/schema';
import { offerFreedSeat } from '../src/domain/groups/seat-offers';
import { lockGroup } from '../src/domain/groups/seats';
import { CALENDAR_PURPOSE, generateMeetings } from '../src/domain/meetings';
import { invoiceSellerOf } from '../src/domain/membership-invoices';
import { closeMonth } from '../src/domain/self-billing';
import { applyInvoicePaid } from '../src/domain/subscriptions';
import { accessRule } from '../src/plugins/access';
import {
  ACTORS,
  type Actor,
  authorizationMatrix,
  CATEGORY_IMAGE,
  type Expectations,
  type Expected,
  eventBody,
  expectationsFor,
  groupBody,
  jobBody,
  MATRIX_PUSH_KEYS,
  MATRIX_PUSH_ORIGIN,
  type MatrixEntry,
  partnerBody,
  projectBody,
  refusedFor,
  selfBillingMandateBody,
  type World,
} from './authorization-matrix';
import { client, signUp } from './helpers/auth';
import { catalogue, createGroup, insertApplication, seat } from './helpers/groups';
import { insertMembers, type Member, signUpSubscriber } from './helpers/members';
import { createAppWithRouteTable, openStream, smallPng, uploadFile } from './helpers/route-table';
import { SIRENE_KEY, startSireneServer } from './helpers/sirene-server';

/**
 * Every route of the route table, called as each kind of caller. Who is refused comes from each
 * route's access declaration, as the route table holds it; authorization-matrix.ts adds what a
 * caller let through gets. A route added without an entry fails here, by name.
 */

const ADMIN_EMAIL = 'admin.matrice@synergie.test';
const SPARE_ADMIN_EMAIL = 'admin.jetable@synergie.test';
const insee = await startSireneServer();
const { t, routes } = await createAppWithRouteTable({
  ADMIN_EMAILS: `${ADMIN_EMAIL},${SPARE_ADMIN_EMAIL}`,
  PUSH_ALLOWED_ORIGINS: MATRIX_PUSH_ORIGIN,
  SIRENE_API_URL: insee.url,
  SIRENE_API_KEY: SIRENE_KEY,
});

type Caller = ReturnType<typeof client> & { email: string };
type Actors = Record<Actor, Caller>;

const visitorOf = (ip: string): Caller => Object.assign(client(t, ip), { email: 'visiteur@exemple.fr' });
const withEmail = async (made: Promise<Member>) => {
  const m = await made;
  return Object.assign(m, { email: m.member.email });
};

const member = await withEmail(signUp(t));
const subscriber = await withEmail(signUpSubscriber(t));
const other = await withEmail(signUpSubscriber(t));
const admin = await withEmail(signUp(t, { email: ADMIN_EMAIL }));
const owner = await withEmail(signUpSubscriber(t));

// Group A (the World's group): the leader is its président, groupMember a member without a role.
// Group B: the foreign leader is its président. Each on their own trade of the catalogue.
const trades = (await catalogue(t.database.db)).map((trade) => trade.id) as string[];
const tradeAt = (i: number) => trades[i] as string;
const groupA = await createGroup(t.database.db, { slug: 'groupe-matrice-a' });
const groupB = await createGroup(t.database.db, { slug: 'groupe-matrice-b' });
const leader = await withEmail(signUpSubscriber(t, {}, { tradeId: tradeAt(0) }));
const groupMember = await withEmail(signUpSubscriber(t, {}, { tradeId: tradeAt(1) }));
const foreignLeader = await withEmail(signUpSubscriber(t, {}, { tradeId: tradeAt(0) }));
const actors: Actors = {
  visitor: visitorOf('10.60.0.1'),
  member,
  subscriber,
  other,
  admin,
  leader,
  foreignLeader,
  groupMember,
  owner,
};

const created = async (res: { statusCode: number; body: string; json(): unknown }, what: string) => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; [key: string]: unknown };
};

// The resources each owner's route needs.
const [targetId, victimId] = await insertMembers(t, 2, [
  { fullName: 'Cible Annuaire' },
  { fullName: 'Compte Supprimé' },
]);
const billingVictim = await signUpSubscriber(t);
const helper = await signUpSubscriber(t);

const service = await created(
  await owner.post('/api/services', {
    title: 'Plomberie',
    description: 'Dépannage et entretien.',
    websiteUrl: '',
    features: [],
    imageUrl: null,
  }),
  'service',
);
const project = await created(await owner.post('/api/projects', projectBody), 'project');
const job = await created(await owner.post('/api/jobs', jobBody), 'job');
const event = await created(await owner.post('/api/events', eventBody()), 'event');
const requestToAccept = await created(
  await subscriber.post(`/api/members/${owner.userId}/contact-requests`, { message: 'Bonjour' }),
  'contact request (accept)',
);
const requestToDecline = await created(
  await helper.post(`/api/members/${owner.userId}/contact-requests`, { message: 'Bonjour' }),
  'contact request (decline)',
);
const toShare = await created(await other.post(`/api/members/${owner.userId}/contact-requests`, {}), 'contact request');
const accepted = (await created(
  await owner.post(`/api/me/contact-requests/${toShare.id}/accept`, {}),
  'accepted request',
)) as unknown as { sharedProject: { id: string } };
const oneToOne = await created(
  await helper.post('/api/one-to-ones', { partnerId: owner.userId, metOn: parisToday() }),
  'one-to-one',
);
const testimonialToAnswer = await created(
  await helper.post('/api/testimonials', {
    subjectId: owner.userId,
    body: 'Un partenaire sérieux, toujours disponible pour ses clients.',
  }),
  'testimonial (answer)',
);
const ownerTestimonial = await created(
  await owner.post('/api/testimonials', {
    subjectId: helper.userId,
    body: 'Un partenaire sérieux, toujours disponible pour ses clients.',
  }),
  'testimonial (withdraw)',
);
const category = await created(
  await admin.post('/api/admin/event-categories', { name: 'Catégorie de la matrice', imageUrl: CATEGORY_IMAGE }),
  'event category',
);
const partner = await created(await admin.post('/api/admin/partners', partnerBody), 'partner');
const trade = await created(
  await admin.post('/api/admin/trades', { label: 'Métier cible de la matrice', family: 'artisanat' }),
  'trade',
);
const mergedTrade = await created(
  await admin.post('/api/admin/trades', { label: 'Métier fusionné de la matrice', family: 'artisanat' }),
  'merged trade',
);
const adminGroup = await created(await admin.post('/api/admin/groups', groupBody), 'group');
const png = await smallPng();
const image = await uploadFile(
  t,
  '/api/uploads/service-images',
  owner.jar,
  { body: png, filename: 'image.png', type: 'image/png' },
  '10.60.1.1',
);
if (image.statusCode !== 200) throw new Error(`upload: ${image.statusCode} ${image.body}`);

// A second device of the owner: the session the owner ends.
const secondDevice = client(t, '10.60.0.2');
await secondDevice.post('/api/auth/sign-in/email', { email: owner.member.email, password: owner.member.password });
const ownerSessions = (await owner.get('/api/me/sessions')).json().sessions as { id: string; current: boolean }[];
const ownerSession = ownerSessions.find((s) => !s.current);
if (!ownerSession) throw new Error('no second session');
const ownerDevice = await owner.post('/api/me/push/subscriptions', {
  endpoint: `${MATRIX_PUSH_ORIGIN}/push/owner-phone`,
  keys: MATRIX_PUSH_KEYS,
});
if (ownerDevice.statusCode !== 200) throw new Error(`push subscription failed: ${ownerDevice.body}`);

const [removable, secretary, applicant, refused] = (await insertMembers(t, 4, [
  { fullName: 'Membre Retiré' },
  { fullName: 'Secrétaire Nommée' },
  { fullName: 'Candidat En Cours' },
  { fullName: 'Candidat Refusé' },
])) as [string, string, string, string];
await seat(t.database.db, groupA.id, [
  { userId: leader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: groupMember.userId, tradeId: tradeAt(1) },
  { userId: removable, tradeId: tradeAt(2) },
  { userId: secretary, tradeId: tradeAt(3) },
]);
await seat(t.database.db, groupB.id, [{ userId: foreignLeader.userId, tradeId: tradeAt(0), role: 'president' }]);
const pendingApplication = await insertApplication(t.database.db, {
  groupId: groupA.id,
  userId: applicant,
  tradeId: tradeAt(4),
});
const closedApplication = await insertApplication(t.database.db, {
  groupId: groupA.id,
  userId: refused,
  tradeId: tradeAt(5),
});
const refusal = await admin.post(`/api/groups/${groupA.id}/applications/${closedApplication}/refuse`, {
  message: 'Refusée avant la matrice.',
});
if (refusal.statusCode !== 200) throw new Error(`refusal: ${refusal.statusCode} ${refusal.body}`);
const ownerApplication = await insertApplication(t.database.db, {
  groupId: groupB.id,
  userId: owner.userId,
  tradeId: tradeAt(6),
});
// Waiting lists: the plumber seat of `group` is held and subscriber, other and owner are
// plumbers; the owner waits there, and is offered the freed plumber seats of two other groups.
async function waitlistWorld(): Promise<World['waitlist']> {
  const db = t.database.db;
  const [plumber] = await db
    .select({ id: tradesTable.id })
    .from(tradesTable)
    .where(eq(tradesTable.label, 'Plombier chauffagiste'));
  const tradeId = (plumber as { id: string }).id;
  for (const m of [subscriber, other, owner]) {
    await db.update(profiles).set({ tradeId }).where(eq(profiles.userId, m.userId));
  }
  const heldSeat = async (name: string) => {
    const [group] = await db
      .insert(groups)
      .values({
        slug: `matrice-${name}`,
        name: `Groupe de la matrice ${name}`,
        city: 'Lyon',
        departmentCode: '69',
        region: 'Auvergne-Rhône-Alpes',
        meetingPlace: 'Lyon',
        meetingRhythm: 'weekly',
        meetingWeekday: 2,
        meetingTime: '07:00',
      })
      .returning({ id: groups.id });
    const groupId = (group as { id: string }).id;
    const [holderId] = await insertMembers(t, 1, [{ fullName: `Titulaire ${name}`, tradeId }]);
    await db.insert(groupMembers).values({ groupId, userId: holderId as string, tradeId });
    const entry = await created(await owner.post(`/api/groups/${groupId}/waitlist`), `waiting list ${name}`);
    return { groupId, holderId: holderId as string, entryId: entry.id };
  };
  const offered = async (name: string) => {
    const { groupId, holderId, entryId } = await heldSeat(name);
    await db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      await tx
        .update(groupMembers)
        .set({ status: 'left', endedAt: new Date() })
        .where(eq(groupMembers.userId, holderId));
      await offerFreedSeat(tx, t.app.ctx, { groupId, tradeId });
    });
    return entryId;
  };
  const held = await heldSeat('attente');
  return {
    group: held.groupId,
    leave: held.entryId,
    decline: await offered('declin'),
    accept: await offered('accord'),
  };
}

// Meetings: group A's next one (moved by its leaders), and the owner's personal calendar feed.
await generateMeetings(t.app.ctx, new Date(), [groupA.id]);
const [groupMeeting] = await t.database.db
  .select({ id: meetings.id })
  .from(meetings)
  .where(eq(meetings.groupId, groupA.id))
  .orderBy(meetings.startsAt)
  .limit(1);

// The forum: the owner's topic (not public) in `entraide`, the owner's reply, a national category.
async function forumWorld(): Promise<World['forum']> {
  const topic = await created(
    await owner.post('/api/forum/categories/entraide/topics', { title: 'Le sujet du propriétaire', body: 'Texte' }),
    'forum topic',
  );
  const reply = await created(
    await owner.post(`/api/forum/topics/${topic.id}/posts`, { body: 'Sa réponse' }),
    'forum reply',
  );
  const category = await created(
    await admin.post('/api/admin/forum/categories', { name: 'À renommer', slug: 'a-renommer', description: null }),
    'forum category',
  );
  return { topic: topic.id, reply: reply.id, category: category.id };
}

// Self-billing: the owner accepts the mandate; two commission lines, two months closed, two invoices.
async function selfBillingWorld(): Promise<World['selfBilling']> {
  expect((await owner.put('/api/me/self-billing/mandate', selfBillingMandateBody)).statusCode).toBe(200);
  const ids: string[] = [];
  for (const month of ['2025-01', '2025-02']) {
    const [paid] = await t.database.db
      .insert(invoicesTable)
      .values({
        provider: 'demo',
        providerInvoiceId: `in_matrix_${month}`,
        userId: null,
        planId: 'monthly',
        amountCents: 9900,
        amountExclVatCents: 8250,
        vatCents: 1650,
        kind: 'first',
        paidAt: new Date(`${month}-01T10:00:00Z`),
      })
      .returning({ id: invoicesTable.id });
    await t.database.db.insert(commissionsTable).values({
      sponsorId: owner.userId,
      invoiceId: (paid as { id: string }).id,
      kind: 'first',
      rateBps: 1000,
      amountCents: 825,
      payableAt: new Date(`${month}-02T10:00:00Z`),
      statementMonth: month,
    });
    await closeMonth(t.app.ctx, month);
    const [issued] = await t.database.db
      .select({ id: selfBillingInvoices.id })
      .from(selfBillingInvoices)
      .where(and(eq(selfBillingInvoices.userId, owner.userId), eq(selfBillingInvoices.month, month)));
    ids.push((issued as { id: string }).id);
  }
  return { invoice: ids[0] as string, credited: ids[1] as string };
}

// Membership invoices: one payment of the owner's, invoiced in its transaction.
async function membershipInvoiceWorld(): Promise<string> {
  const paid = await applyInvoicePaid(
    t.database.db,
    { id: 'evt_matrix_membership', provider: 'demo', type: 'invoice.paid', occurredAt: new Date() },
    {
      provider: 'demo',
      providerInvoiceId: 'in_matrix_membership',
      userId: owner.userId,
      planId: 'monthly',
      amountCents: 9900,
      paidAt: new Date('2025-03-01T10:00:00Z'),
    },
    invoiceSellerOf(t.env),
  );
  const [row] = await t.database.db
    .select({ id: membershipInvoicesTable.id })
    .from(membershipInvoicesTable)
    .where(eq(membershipInvoicesTable.paymentId, paid.invoiceId as string));
  return (row as { id: string }).id;
}

const world: World = {
  target: { id: targetId as string, email: `${targetId}@annuaire.test` },
  victimId: victimId as string,
  billingVictimId: billingVictim.userId,
  ownerId: owner.userId,
  ownerSessionId: ownerSession.id,
  service: service.id,
  project: project.id,
  job: job.id,
  event: event.id,
  requestToAccept: requestToAccept.id,
  requestToDecline: requestToDecline.id,
  sharedProject: accepted.sharedProject.id,
  oneToOne: oneToOne.id,
  testimonialToAnswer: testimonialToAnswer.id,
  testimonialToAnswerWrittenAt: testimonialToAnswer.createdAt as string,
  ownerTestimonial: ownerTestimonial.id,
  category: category.id,
  partner: partner.id,
  trade: trade.id,
  mergedTrade: mergedTrade.id,
  adminGroup: adminGroup.id,
  storedImage: image.json().url,
  emails: Object.fromEntries(ACTORS.map((a) => [a, actors[a].email])) as Record<Actor, string>,
  group: groupA.id,
  groupSlug: groupA.slug,
  pendingApplication,
  closedApplication,
  removable,
  secretary,
  ownerApplication,
  waitlist: await waitlistWorld(),
  recommendation: (
    await created(
      await other.post('/api/recommendations', {
        receiverId: owner.userId,
        kind: 'for_you',
        heat: 4,
        need: 'Un devis',
      }),
      'recommendation',
    )
  ).id,
  meeting: (groupMeeting as { id: string }).id,
  forum: await forumWorld(),
  // Not a caller's: every caller renews their own link (POST /api/me/calendar-url/renew), which
  // stops the one they had at once.
  calendarToken: t.app.ctx.links.sign(CALENDAR_PURPOSE, { u: billingVictim.userId }),
  selfBilling: await selfBillingWorld(),
  membershipInvoice: await membershipInvoiceWorld(),
  pushDevice: ownerDevice.json().id as string,
  checkinMeeting: (
    (
      await t.database.db
        .insert(meetings)
        .values({
          groupId: groupA.id,
          // Not a date of the group's rhythm: the generator above may have made today's meeting.
          scheduledOn: '2000-01-04',
          startsAt: new Date(Date.now() + 10 * 60_000),
          endsAt: new Date(Date.now() + 100 * 60_000),
          place: 'Lyon',
        })
        .returning({ id: meetings.id })
    )[0] as { id: string }
  ).id,
};

const fill = (template: string, values: World) =>
  template.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    const value = name.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], values);
    if (typeof value !== 'string') throw new Error(`no value for {${name}}`);
    return value;
  });

const matches = (expected: Expected, status: number) =>
  typeof expected === 'number' ? status === expected : Math.floor(status / 100) === Number(expected[0]);

let uploads = 0;
async function call(entry: MatrixEntry, who: Actors[Actor], actor: Actor, values: World) {
  const url = fill(entry.url ?? entry.route, values);
  if (entry.multipart) {
    uploads += 1;
    return uploadFile(
      t,
      url,
      actor === 'visitor' ? null : who.jar,
      { body: png, filename: 'image.png', type: 'image/png' },
      `10.61.${Math.floor(uploads / 250)}.${uploads % 250}`,
    );
  }
  if (entry.stream) return openStream(t, url, actor === 'visitor' ? null : who.jar);
  const method = entry.call ?? (entry.method as Exclude<MatrixEntry['method'], 'GET,POST'>);
  const body = typeof entry.body === 'function' ? entry.body(values, actor) : entry.body;
  switch (method) {
    case 'GET':
      return who.get(url);
    case 'POST':
      return who.post(url, body ?? {});
    case 'PUT':
      return who.put(url, body ?? {});
    case 'PATCH':
      return who.patch(url, body ?? {});
    case 'DELETE':
      return who.delete(url, body);
  }
}

/** Fresh accounts of each kind, for a route that consumes its caller (deleting one's account). */
async function disposableActors(): Promise<Actors> {
  return {
    visitor: visitorOf('10.60.0.3'),
    member: await withEmail(signUp(t)),
    subscriber: await withEmail(signUpSubscriber(t)),
    other: await withEmail(signUpSubscriber(t)),
    admin: await withEmail(signUp(t, { email: SPARE_ADMIN_EMAIL })),
    // Fresh subscribers: deleting an account is no group matter.
    leader: await withEmail(signUpSubscriber(t)),
    foreignLeader: await withEmail(signUpSubscriber(t)),
    groupMember: await withEmail(signUpSubscriber(t)),
    owner: await withEmail(signUpSubscriber(t)),
  };
}

const keyOf = (entry: MatrixEntry) => `${entry.method} ${entry.route}`;
const declared = new Map(routes.map((r) => [r.key, r.access]));
/** The entry's expectations, from its route's declaration (an entry without a route: none). */
function expectations(entry: MatrixEntry): Expectations | undefined {
  const access = declared.get(keyOf(entry));
  return access === undefined ? undefined : expectationsFor(entry, access);
}

describe('authorization matrix', () => {
  it('has an entry for every route of the route table, and no entry for a route that is gone', () => {
    const table = new Set(routes.map((r) => r.key));
    const entries = authorizationMatrix.map(keyOf);
    const missing = [...table].filter((key) => !entries.includes(key)).sort();
    const stale = entries.filter((key) => !table.has(key));
    const twice = entries.filter((key, i) => entries.indexOf(key) !== i);
    expect(missing, 'routes without an entry in test/authorization-matrix.ts').toEqual([]);
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
    expect(twice, 'routes listed twice').toEqual([]);
    // The table is the real one: the routes of every area are there.
    for (const key of [
      'GET,POST /api/auth/*',
      'GET /*',
      'GET /storage/:bucket/*',
      'GET /r/:code',
      'GET /sitemap.xml',
    ]) {
      expect(table.has(key), key).toBe(true);
    }
    expect(table.size).toBeGreaterThan(80);
  });

  it('answers each caller as the matrix says', { timeout: 120_000 }, async () => {
    // Writes first, deletions last (in the matrix's order), the owner last on each route: a
    // resource is still there for every caller until its owner deletes it.
    const ordered = [
      ...authorizationMatrix.filter((e) => e.method !== 'DELETE'),
      ...authorizationMatrix.filter((e) => e.method === 'DELETE'),
    ];
    const failures: string[] = [];
    let calls = 0;
    for (const entry of ordered) {
      const callers = entry.disposableActors ? await disposableActors() : actors;
      const values: World = entry.disposableActors
        ? { ...world, emails: Object.fromEntries(ACTORS.map((a) => [a, callers[a].email])) as Record<Actor, string> }
        : world;
      const expected = expectations(entry);
      if (!expected) throw new Error(`${keyOf(entry)}: not in the route table`);
      for (const actor of ACTORS) {
        const res = await call(entry, callers[actor], actor, values);
        calls += 1;
        if (!matches(expected[actor], res.statusCode)) {
          failures.push(
            `${keyOf(entry)} (${fill(entry.url ?? entry.route, values)}) as ${actor}: expected ${expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    // biome-ignore lint/suspicious/noConsole: the figures this test reports (docs/reliability.md)
    console.log(
      `authorization matrix: ${authorizationMatrix.length} routes × ${ACTORS.length} callers = ${calls} requests`,
    );
    expect(failures).toEqual([]);
  });

  it('is consistent: a route not open to all answers a visitor 401', () => {
    // Consistency of the matrix itself: a route closed to visitors says 401, never 403 or 404.
    for (const entry of authorizationMatrix) {
      const expected = expectations(entry);
      if (!expected) continue;
      const open = ACTORS.every((a) => expected[a] === expected.visitor);
      if (!open) expect(expected.visitor, keyOf(entry)).toBe(401);
    }
  });

  it("never overrides a declaration: an entry's own statuses are for callers the route lets through", () => {
    const contradictions: string[] = [];
    for (const entry of authorizationMatrix) {
      const access = declared.get(keyOf(entry));
      if (access === undefined) continue;
      const refused = refusedFor(accessRule(access));
      for (const [actor, status] of Object.entries(entry.otherwise ?? {}) as [Actor, Expected][]) {
        const gate = refused[actor];
        if (gate !== undefined && gate !== status) {
          contradictions.push(`${keyOf(entry)}: ${actor} ${status}, but the declaration answers ${gate}`);
        }
      }
    }
    expect(contradictions).toEqual([]);
  });

  it('keeps every route at the level reviewed in route-access.txt', async () => {
    // The matrix derives who is refused from the declarations, so a route moved to a weaker
    // level would still pass it: the levels are also kept in a committed file, and any change of
    // a route's level shows there as a reviewed diff (vitest -u rewrites it).
    const lines = [...declared.entries()]
      .map(([key, access]) => {
        const rule = accessRule(access);
        const group = rule.group ? ` group:${rule.group.role}:${rule.group.param}` : '';
        return `${key} -> ${rule.level}${group}`;
      })
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./route-access.txt');
  });

  it('derives the statuses from the declarations: each level refuses whom it should', () => {
    const levelOf = (key: string) => {
      const access = declared.get(key);
      return access === undefined ? undefined : accessRule(access).level;
    };
    // A few routes of each kind, as the spec sets them.
    expect(levelOf('GET /api/services')).toBe('public');
    expect(levelOf('POST /api/services')).toBe('member');
    expect(levelOf('GET /api/members')).toBe('subscriber');
    expect(levelOf('POST /api/events/:id/registration')).toBe('subscriber');
    expect(levelOf('DELETE /api/events/:id/registration')).toBe('member');
    expect(levelOf('GET /api/admin/members')).toBe('admin');
    expect(levelOf('POST /api/admin/commissions/:month/mark-paid')).toBe('admin');
    const members = authorizationMatrix.find((e) => e.route === '/api/members');
    expect(members && expectations(members)).toEqual({
      visitor: 401,
      member: 403,
      subscriber: 200,
      other: 200,
      admin: 403,
      leader: 200,
      foreignLeader: 200,
      groupMember: 200,
      owner: 200,
    });
    // A group's leaders' route: its leaders and the admins; the leader of another group 403.
    const leadersPage = authorizationMatrix.find((e) => e.route === '/api/groups/:groupId/leaders-page');
    expect(leadersPage && expectations(leadersPage)).toEqual({
      visitor: 401,
      member: 403,
      subscriber: 403,
      other: 403,
      admin: 200,
      leader: 200,
      foreignLeader: 403,
      groupMember: 403,
      owner: 403,
    });
    // A members' route for subscribers: the admin, without a subscription, is refused first.
    const objections = authorizationMatrix.find((e) => e.route.endsWith('/objections'));
    expect(objections && expectations(objections)).toMatchObject({
      admin: 403,
      leader: 201,
      groupMember: 201,
      foreignLeader: 403,
    });
  });
});
