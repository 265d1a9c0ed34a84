import { readFileSync } from 'node:fs';
import { type Dashboard, dashboardActions, type GroupPage, groupStatus, type MinutesContent } from '@synergie/shared';
import { and, asc, count, eq, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  eventRegistrations,
  events,
  eventWaitlist,
  forumPosts,
  forumTopics,
  groupApplications,
  groupHistory,
  groupMembers,
  groupObjections,
  groups,
  guests,
  invoices,
  jobPositions,
  mailOutbox,
  meetingAttendance,
  meetingMinutes,
  meetings,
  memberContacts,
  memberProjects,
  memberRatings,
  memberServices,
  membershipInvoices,
  notificationSettings,
  notifications,
  oneToOnes,
  partnerSites,
  profiles,
  recommendationEvents,
  recommendations,
  seatWaitlist,
  sharedProjects,
  subscriptions,
  testimonials,
  trades,
  user,
  userRoles,
  webhookEndpoints,
} from '../src/db/schema';
import { readRosterFile } from '../src/domain/groups/roster-file';
import { reviewRoster } from '../src/domain/groups/roster-import';
import { getSubscription } from '../src/domain/subscriptions';
import { getMissingTrades, getOneToOneSuggestions } from '../src/domain/suggestions';
import { DEMO_EMAIL_DOMAIN, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_ROSTER } from '../src/scripts/demo-data';
import {
  assertSeedAllowed,
  DEMO_FAILED_DEBIT_INDEX,
  DEMO_LIVE_MEETING_MINUTES,
  DEMO_LYON_VISIO_URL,
  type SeedDemoResult,
  SeedRefusedError,
  seedDemo,
  seedSummary,
} from '../src/scripts/seed-demo';
import { createTestApp, type TestApp } from './helpers/app';
import { client } from './helpers/auth';

let t: TestApp;
let first: SeedDemoResult;

const demoUsers = like(user.email, `%@${DEMO_EMAIL_DOMAIN}`);

/** Row counts of every table the seed writes to. */
async function counts() {
  const db = t.database.db;
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  return {
    members: await one(db.select({ n: count() }).from(user).where(demoUsers)),
    subscriptions: await one(db.select({ n: count() }).from(subscriptions)),
    ratings: await one(db.select({ n: count() }).from(memberRatings)),
    services: await one(db.select({ n: count() }).from(memberServices)),
    projects: await one(db.select({ n: count() }).from(memberProjects)),
    jobs: await one(db.select({ n: count() }).from(jobPositions)),
    applications: await one(db.select({ n: count() }).from(applications)),
    events: await one(db.select({ n: count() }).from(events)),
    registrations: await one(db.select({ n: count() }).from(eventRegistrations)),
    partners: await one(db.select({ n: count() }).from(partnerSites)),
    contacts: await one(db.select({ n: count() }).from(memberContacts)),
    sharedProjects: await one(db.select({ n: count() }).from(sharedProjects)),
    admins: await one(db.select({ n: count() }).from(userRoles)),
    groups: await one(db.select({ n: count() }).from(groups)),
    seats: await one(db.select({ n: count() }).from(groupMembers)),
    groupApplications: await one(db.select({ n: count() }).from(groupApplications)),
    objections: await one(db.select({ n: count() }).from(groupObjections)),
    waitlist: await one(db.select({ n: count() }).from(seatWaitlist)),
    history: await one(db.select({ n: count() }).from(groupHistory)),
    recommendations: await one(db.select({ n: count() }).from(recommendations)),
    recommendationEvents: await one(db.select({ n: count() }).from(recommendationEvents)),
    oneToOnes: await one(db.select({ n: count() }).from(oneToOnes)),
    testimonials: await one(db.select({ n: count() }).from(testimonials)),
    notifications: await one(db.select({ n: count() }).from(notifications)),
    forumTopics: await one(db.select({ n: count() }).from(forumTopics)),
    forumReplies: await one(db.select({ n: count() }).from(forumPosts)),
    invoices: await one(db.select({ n: count() }).from(invoices)),
  };
}

// About sixty accounts, each with a hashed password and a drawn avatar: longer than the default
// hook timeout on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.app.ctx);
}, 300_000);

describe('npm run seed:demo', () => {
  it('creates about forty verified members with full profiles and stored avatars', async () => {
    expect(first.alreadySeeded).toBe(false);
    expect(first.members).toBe(DEMO_MEMBERS.length);
    expect(DEMO_MEMBERS.length).toBeGreaterThanOrEqual(38);
    const rows = await t.database.db
      .select({ email: user.email, verified: user.emailVerified, profile: profiles })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(demoUsers);
    expect(rows).toHaveLength(DEMO_MEMBERS.length);
    for (const { verified, profile } of rows) {
      expect(verified).toBe(true);
      expect(profile.fullName).toBeTruthy();
      expect(profile.companyName).toBeTruthy();
      expect(profile.profession).toBeTruthy();
      expect(profile.industry).toBeTruthy();
      expect(profile.city).toBeTruthy();
      expect(profile.bio?.length).toBeGreaterThan(50);
      expect(profile.skills.length).toBeGreaterThanOrEqual(3);
      expect(profile.lookingFor.length).toBeGreaterThanOrEqual(2);
      expect(profile.linkedinUrl).toMatch(/^https:\/\//);
      expect(profile.phone).toMatch(/^[+0-9 ().-]{6,30}$/);
      expect(profile.referralCode).toBeTruthy();
      expect(profile.avatarUrl).toBeTruthy();
    }
    expect(new Set(rows.map((r) => r.profile.profession)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.profile.city)).size).toBeGreaterThanOrEqual(10);
    // An avatar is a real image stored through the app's storage, served from its own origin.
    const avatar = rows[0]?.profile.avatarUrl as string;
    expect(avatar).not.toMatch(/^https?:/);
    const res = await t.app.inject({ method: 'GET', url: avatar });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // No verification mail was left waiting for the demo addresses: the one mail the seed means
    // to send is the refused debit's (its own test below).
    const mails = await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(like(mailOutbox.to, `%@${DEMO_EMAIL_DOMAIN}`), ne(mailOutbox.template, 'debit-failed')));
    expect(mails[0]?.n).toBe(0);
  });

  it('gives each demo group a photo of its meeting place, stored and served like an upload', async () => {
    const rows = await t.database.db.select({ slug: groups.slug, photo: groups.placePhotoUrl }).from(groups);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.photo, row.slug).toMatch(/^\/storage\/service-images\/[0-9a-f-]{36}\/lieu-[A-Za-z0-9_-]+\.webp$/);
      const res = await t.app.inject({ method: 'GET', url: row.photo as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('shows the admin a paused webhook address on a reserved domain: nothing is ever sent', async () => {
    const rows = await t.database.db.select().from(webhookEndpoints);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: false });
    expect(new URL(rows[0]?.url ?? '').hostname.endsWith('.example')).toBe(true);
  });

  it('makes one admin and subscribes about half of the members, the printed member included', async () => {
    const admins = await t.database.db
      .select({ email: user.email })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(eq(userRoles.role, 'admin'));
    expect(admins.map((a) => a.email)).toEqual([first.admin.email]);
    const subscribed = await t.database.db
      .select({ userId: subscriptions.userId, provider: subscriptions.provider, status: subscriptions.status })
      .from(subscriptions);
    expect(subscribed.length).toBeGreaterThanOrEqual(DEMO_MEMBERS.length * 0.4);
    expect(subscribed.length).toBeLessThanOrEqual(DEMO_MEMBERS.length * 0.6);
    for (const row of subscribed) {
      expect(row.provider).toBe('demo');
      expect(['trialing', 'active', 'past_due']).toContain(row.status);
    }
    // One member's debit was refused (issue 32): the provider's status while it retries.
    expect(subscribed.filter((row) => row.status === 'past_due')).toHaveLength(1);
    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, first.subscriber.email));
    const printed = await getSubscription(t.database.db, member?.id as string);
    expect(printed.subscribed).toBe(true);
    // Issue 19: their annual plan renews in about two months, inside the renewal reminder's window.
    expect(printed.product_id).toBe('annual');
    const renewsIn = new Date(printed.currentPeriodEnd as string).getTime() - Date.now();
    expect(renewsIn).toBeGreaterThan(55 * 86_400_000);
    expect(renewsIn).toBeLessThan(65 * 86_400_000);
    // Issue 32: their payment has its invoice, naming their company's SIREN.
    const documents = await t.database.db
      .select({
        number: membershipInvoices.number,
        buyer: membershipInvoices.buyer,
        total: membershipInvoices.totalInclVatCents,
      })
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, member?.id as string));
    expect(documents).toHaveLength(1);
    expect(documents[0]?.total).toBe(100_000);
    expect(documents[0]?.buyer).toMatchObject({ siren: '732829320', vatNumber: 'FR44732829320' });
  });

  it('invoices a member established in Belgium without French VAT (`Autoliquidation`), and gives others a SIREN', async () => {
    const reverse = await t.database.db
      .select({
        buyer: membershipInvoices.buyer,
        vat: membershipInvoices.vatCents,
        excl: membershipInvoices.totalExclVatCents,
        incl: membershipInvoices.totalInclVatCents,
      })
      .from(membershipInvoices)
      .where(eq(membershipInvoices.reverseCharge, true));
    expect(reverse.length).toBeGreaterThan(0);
    for (const row of reverse) {
      expect(row.buyer).toMatchObject({ vatNumber: 'BE0412345614', city: 'Bruxelles' });
      expect(row.vat).toBe(0);
      expect(row.excl).toBe(row.incl);
    }
    // A third of the paying members' companies give a SIREN: their invoices go to the platform.
    const withSiren = await t.database.db.execute<{ n: number }>(
      sql`select count(distinct user_id)::int as n from membership_invoices where coalesce(buyer->>'siren', '') <> ''`,
    );
    expect(Number(withSiren.rows[0]?.n)).toBeGreaterThan(3);
  });

  it('rates members from 1 to 5, never oneself', async () => {
    const [stats] = await t.database.db
      .select({
        n: count(),
        min: sql<number>`min(${memberRatings.rating})`,
        max: sql<number>`max(${memberRatings.rating})`,
        self: sql<number>`count(*) filter (where ${memberRatings.raterId} = ${memberRatings.ratedId})`,
        rated: sql<number>`count(distinct ${memberRatings.ratedId})`,
      })
      .from(memberRatings);
    expect(stats?.n).toBeGreaterThanOrEqual(DEMO_MEMBERS.length * 3);
    expect(Number(stats?.min)).toBeGreaterThanOrEqual(1);
    expect(Number(stats?.max)).toBeLessThanOrEqual(5);
    expect(Number(stats?.self)).toBe(0);
    expect(Number(stats?.rated)).toBeGreaterThanOrEqual(DEMO_MEMBERS.length * 0.75);
  });

  it('adds upcoming and past events with registrations never above capacity', async () => {
    const rows = await t.database.db
      .select({
        date: events.date,
        category: events.category,
        imageUrl: events.imageUrl,
        max: events.maxAttendees,
        organizerId: events.organizerId,
        registered: sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id})`,
        organizerRegistered: sql<number>`(select count(*) from ${eventRegistrations} r where r.event_id = ${events.id} and r.user_id = ${events.organizerId})`,
      })
      .from(events);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.filter((r) => r.date > today).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.date < today).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.max !== null)).toBe(true);
    expect(rows.some((r) => r.max === null)).toBe(true);
    for (const row of rows) {
      expect(Number(row.registered)).toBeGreaterThan(0);
      if (row.max !== null) expect(Number(row.registered)).toBeLessThanOrEqual(row.max);
      expect(Number(row.organizerRegistered)).toBe(0);
      // The category's name and image, copied as the event form does.
      expect(row.category).toBeTruthy();
      expect(row.imageUrl).toMatch(/^\/images\/event-categories\//);
    }
  });

  it('adds services, projects, job offers with applications, partners and contact requests', async () => {
    const c = await counts();
    expect(c.services).toBeGreaterThanOrEqual(10);
    expect(c.projects).toBeGreaterThanOrEqual(5);
    expect(c.jobs).toBeGreaterThanOrEqual(4);
    expect(c.applications).toBeGreaterThanOrEqual(3);
    expect(c.partners).toBeGreaterThanOrEqual(4);
    const withImage = await t.database.db
      .select({ url: memberServices.imageUrl, userId: memberServices.userId })
      .from(memberServices)
      .where(sql`${memberServices.imageUrl} is not null`);
    expect(withImage.length).toBeGreaterThanOrEqual(2);
    for (const row of withImage) expect(row.url).toContain(`/service-images/${row.userId}/`);
    const image = await t.app.inject({ method: 'GET', url: withImage[0]?.url as string });
    expect(image.statusCode).toBe(200);
    const partners = await t.database.db.select({ logo: partnerSites.logoUrl }).from(partnerSites);
    for (const partner of partners) expect(partner.logo).toMatch(/^\/storage\/partner-logos\//);
    const contacts = await t.database.db.select({ status: memberContacts.status }).from(memberContacts);
    expect(contacts.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(contacts.filter((r) => r.status === 'accepted').length).toBe(c.sharedProjects);
    expect(c.sharedProjects).toBeGreaterThanOrEqual(1);
  });

  it('gives every member a trade of the catalogue, whose label becomes their profession', async () => {
    const rows = await t.database.db
      .select({ profession: profiles.profession, trade: trades.label, mustPick: profiles.mustPickTrade })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .leftJoin(trades, eq(trades.id, profiles.tradeId))
      .where(demoUsers);
    expect(rows).toHaveLength(DEMO_MEMBERS.length);
    for (const row of rows) {
      expect(row.trade).toBeTruthy();
      expect(row.profession).toBe(row.trade);
      expect(row.mustPick).toBe(false);
    }
  });

  it('generates the demo groups’ next meetings, and 12 weeks of past ones', async () => {
    const rows = await t.database.db
      .select({ slug: groups.slug, startsAt: meetings.startsAt })
      .from(meetings)
      .innerJoin(groups, eq(groups.id, meetings.groupId));
    const now = Date.now();
    for (const group of await t.database.db.select({ slug: groups.slug }).from(groups)) {
      expect(
        rows.filter((r) => r.slug === group.slug && r.startsAt.getTime() > now).length,
        group.slug,
      ).toBeGreaterThan(0);
    }
    // Lyon meets every week: about 12 past meetings (issue 29's overview), Champigny every other week.
    expect(
      rows.filter((r) => r.slug === 'lyon-confluence' && r.startsAt.getTime() < now).length,
    ).toBeGreaterThanOrEqual(10);
    expect(
      rows.filter((r) => r.slug === 'champigny-sur-marne' && r.startsAt.getTime() < now).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('shows Lyon’s président a live overview, compared with Champigny and the national median', async () => {
    const admin = client(t);
    await admin.post('/api/auth/sign-in/email', { email: first.admin.email, password: first.admin.password });
    const ids = Object.fromEntries(
      (await t.database.db.select({ id: groups.id, slug: groups.slug }).from(groups)).map((g) => [g.slug, g.id]),
    );
    const res = await admin.get(`/api/groups/${ids['lyon-confluence']}/health?comparer=${ids['champigny-sur-marne']}`);
    expect(res.statusCode, res.body).toBe(200);
    const health = res.json();
    expect(health.figures.totals.meetingsHeld).toBeGreaterThanOrEqual(10);
    expect(health.figures.totals.meetingsCancelled).toBe(1);
    expect(health.figures.totals.attendancePercent).toBeGreaterThan(70);
    expect(health.figures.totals.members).toBeGreaterThan(5);
    expect(health.compared[0].figures.totals.attendancePercent).toBeGreaterThan(0);
    expect(health.national.groups).toBeGreaterThanOrEqual(3);
  });

  it('gives Lyon a meeting whose check-in is open: the demo admin checks in from `Aujourd’hui`', async () => {
    const admin = client(t);
    expect(
      (await admin.post('/api/auth/sign-in/email', { email: first.admin.email, password: first.admin.password }))
        .statusCode,
    ).toBe(200);
    const today = (await admin.get('/api/me/today')).json();
    expect(today.nextMeeting).toMatchObject({ groupSlug: 'lyon-confluence', checkinOpen: true, presenterIsMe: false });
    expect(today.nextMeeting.presenterName).toEqual(expect.any(String));
    const startsIn = new Date(today.nextMeeting.startsAt).getTime() - Date.now();
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThanOrEqual(DEMO_LIVE_MEETING_MINUTES * 60_000);
    // Its QR code is there for the leaders (the demo admin is Lyon's présidente).
    const [lyon] = await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.slug, 'lyon-confluence'));
    const code = await admin.get(`/api/groups/${lyon?.id}/meetings/${today.nextMeeting.id}/checkin-code`);
    expect(code.statusCode).toBe(200);
    expect(code.json()).toMatchObject({ meetingId: today.nextMeeting.id, svg: expect.stringContaining('<svg') });
  });

  it('creates the three groups of the demo, with their place, rhythm and status', async () => {
    const rows = await t.database.db.select().from(groups).orderBy(asc(groups.name));
    const byName = new Map(rows.map((g) => [g.name, g]));
    expect([...byName.keys()].sort()).toEqual(
      ['Synergie Pro Champigny-sur-Marne', 'Synergie Pro Lyon Confluence', 'Synergie Pro Paris 11e'].sort(),
    );
    const expected = {
      'Synergie Pro Lyon Confluence': ['Lyon', '69', 'Auvergne-Rhône-Alpes', 'weekly', 2, '07:00:00'],
      'Synergie Pro Paris 11e': ['Paris', '75', 'Île-de-France', 'weekly', 4, '12:00:00'],
      'Synergie Pro Champigny-sur-Marne': ['Champigny-sur-Marne', '94', 'Île-de-France', 'biweekly', 5, '08:00:00'],
    };
    for (const [name, [city, department, region, rhythm, weekday, time]] of Object.entries(expected)) {
      const group = byName.get(name);
      expect(group, name).toBeDefined();
      expect([group?.city, group?.departmentCode, group?.region, group?.meetingRhythm, group?.meetingWeekday]).toEqual([
        city,
        department,
        region,
        rhythm,
        weekday,
      ]);
      expect(group?.meetingTime).toBe(time);
      expect(group?.description.length, name).toBeGreaterThan(100);
      expect(group?.meetingPlace, name).toMatch(/\d{5} /);
      expect(group?.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const lyon = byName.get('Synergie Pro Lyon Confluence');
    const paris = byName.get('Synergie Pro Paris 11e');
    const champigny = byName.get('Synergie Pro Champigny-sur-Marne');
    expect(lyon?.activeMembers).toBeGreaterThanOrEqual(10);
    expect(groupStatus(lyon?.activeMembers ?? 0)).toBe('active');
    expect(paris?.activeMembers).toBeGreaterThanOrEqual(5);
    expect(paris?.activeMembers).toBeLessThanOrEqual(7);
    expect(groupStatus(paris?.activeMembers ?? 0)).toBe('forming');
    expect(champigny?.activeMembers).toBeGreaterThanOrEqual(11);
    expect(champigny?.activeMembers).toBeLessThanOrEqual(13);
    expect(groupStatus(champigny?.activeMembers ?? 0)).toBe('active');
    // The count the trigger keeps is the number of seats held.
    for (const group of rows) {
      const [held] = await t.database.db
        .select({ n: count() })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.status, 'active')));
      expect(held?.n, group.name).toBe(group.activeMembers);
    }
  });

  it('seats members on their own trade, distinct in each group, one seat per member, with open seats everywhere', async () => {
    const seats = await t.database.db
      .select({
        groupId: groupMembers.groupId,
        userId: groupMembers.userId,
        tradeId: groupMembers.tradeId,
        profileTrade: profiles.tradeId,
        status: groupMembers.status,
      })
      .from(groupMembers)
      .innerJoin(profiles, eq(profiles.userId, groupMembers.userId));
    expect(seats.length).toBeGreaterThanOrEqual(27);
    for (const seat of seats) {
      expect(seat.status).toBe('active');
      expect(seat.tradeId).toBe(seat.profileTrade);
    }
    expect(new Set(seats.map((s) => s.userId)).size).toBe(seats.length);
    expect(new Set(seats.map((s) => `${s.groupId}/${s.tradeId}`)).size).toBe(seats.length);
    const [catalogue] = await t.database.db.select({ n: count() }).from(trades);
    for (const group of await t.database.db.select().from(groups)) {
      expect(Number(catalogue?.n) - group.activeMembers, group.name).toBeGreaterThan(150);
    }
    // A plumber in Lyon finds the seat free (network-core §2).
    const [plumber] = await t.database.db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .innerJoin(trades, eq(trades.id, groupMembers.tradeId))
      .where(and(eq(groups.slug, 'lyon-confluence'), eq(trades.slug, 'plombier-chauffagiste')));
    expect(plumber?.n).toBe(0);
  });

  it('names the three leaders of each active group among its members', async () => {
    const rows = await t.database.db
      .select({ group: groups.name, role: groupMembers.role, members: groups.activeMembers })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(sql`${groupMembers.role} is not null`);
    for (const name of ['Synergie Pro Lyon Confluence', 'Synergie Pro Champigny-sur-Marne']) {
      expect(
        rows
          .filter((r) => r.group === name)
          .map((r) => r.role)
          .sort(),
        name,
      ).toEqual(['president', 'secretary_treasurer', 'vice_president']);
    }
    // The demo admin presides over Lyon.
    const [admin] = await t.database.db
      .select({ role: groupMembers.role, group: groups.slug })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .innerJoin(user, eq(user.id, groupMembers.userId))
      .where(eq(user.email, first.admin.email));
    expect(admin).toEqual({ role: 'president', group: 'lyon-confluence' });
  });

  it('has the demo’s women choose the feminine: Lyon’s présidente reads `Présidente`, `Consultante` (issue 31)', async () => {
    const page = (await client(t).get('/api/group-pages/lyon-confluence')).json() as GroupPage;
    const sophie = page.members.find((m) => m.fullName === 'Sophie Marchand');
    expect(sophie).toMatchObject({ role: 'president', roleLabel: 'Présidente', tradeLabel: 'Consultante' });
    // A man keeps the masculine: Guillaume Martin, Lyon's secrétaire-trésorier.
    const guillaume = page.members.find((m) => m.fullName === 'Guillaume Martin');
    expect(guillaume).toMatchObject({ role: 'secretary_treasurer', roleLabel: 'Secrétaire-trésorier' });
    const women = DEMO_MEMBERS.filter((m) => m.titleForm === 'feminine').length;
    expect(women).toBeGreaterThanOrEqual(25);
    expect(women).toBeLessThan(DEMO_MEMBERS.length);
  });

  it("adds in Lyon a pending application with a member's objection, its 7-day period running", async () => {
    const rows = await t.database.db
      .select({
        id: groupApplications.id,
        groupId: groupApplications.groupId,
        group: groups.slug,
        userId: groupApplications.userId,
        tradeId: groupApplications.tradeId,
        profileTrade: profiles.tradeId,
        status: groupApplications.status,
        createdAt: groupApplications.createdAt,
        endsAt: groupApplications.objectionPeriodEndsAt,
      })
      .from(groupApplications)
      .innerJoin(groups, eq(groups.id, groupApplications.groupId))
      .innerJoin(profiles, eq(profiles.userId, groupApplications.userId));
    expect(rows).toHaveLength(1);
    const application = rows[0] as (typeof rows)[number];
    expect(application.group).toBe('lyon-confluence');
    expect(application.status).toBe('pending');
    expect(application.tradeId).toBe(application.profileTrade);
    const day = 24 * 60 * 60 * 1000;
    const age = Date.now() - application.createdAt.getTime();
    // Two days before the seed started (which takes a minute or two here).
    expect(age).toBeGreaterThan(2 * day);
    expect(age).toBeLessThan(2 * day + 10 * 60_000);
    expect(application.endsAt.getTime() - application.createdAt.getTime()).toBe(7 * day);
    expect(application.endsAt.getTime()).toBeGreaterThan(Date.now());
    // The applicant holds no seat, and nobody holds theirs in Lyon.
    const held = await t.database.db
      .select({ userId: groupMembers.userId, tradeId: groupMembers.tradeId, groupId: groupMembers.groupId })
      .from(groupMembers);
    expect(held.some((s) => s.userId === application.userId)).toBe(false);
    expect(held.some((s) => s.groupId === application.groupId && s.tradeId === application.tradeId)).toBe(false);
    // One objection, by a member of the group.
    const objections = await t.database.db.select().from(groupObjections);
    expect(objections).toHaveLength(1);
    expect(objections[0]?.applicationId).toBe(application.id);
    expect(objections[0]?.reason.length).toBeGreaterThan(20);
    expect(held.some((s) => s.userId === objections[0]?.userId && s.groupId === application.groupId)).toBe(true);
  });

  it("keeps a waiting list of two on Lyon's held agent immobilier seat, the printed member second", async () => {
    const line = await t.database.db
      .select({
        email: user.email,
        group: groups.slug,
        groupId: seatWaitlist.groupId,
        tradeId: seatWaitlist.tradeId,
        trade: trades.slug,
        profileTrade: profiles.tradeId,
        status: seatWaitlist.status,
      })
      .from(seatWaitlist)
      .innerJoin(user, eq(user.id, seatWaitlist.userId))
      .innerJoin(profiles, eq(profiles.userId, seatWaitlist.userId))
      .innerJoin(groups, eq(groups.id, seatWaitlist.groupId))
      .innerJoin(trades, eq(trades.id, seatWaitlist.tradeId))
      .orderBy(asc(seatWaitlist.seq));
    expect(line).toHaveLength(2);
    for (const entry of line) {
      expect(entry).toMatchObject({ group: 'lyon-confluence', trade: 'agent-immobilier', status: 'waiting' });
      expect(entry.profileTrade).toBe(entry.tradeId);
    }
    expect(line[1]?.email).toBe(first.subscriber.email);
    expect(line[0]?.email).not.toBe(first.subscriber.email);
    // The seat is held by someone else.
    const [holder] = await t.database.db
      .select({ email: user.email })
      .from(groupMembers)
      .innerJoin(user, eq(user.id, groupMembers.userId))
      .where(
        and(
          eq(groupMembers.groupId, line[0]?.groupId as string),
          eq(groupMembers.tradeId, line[0]?.tradeId as string),
          eq(groupMembers.status, 'active'),
        ),
      );
    expect(holder).toBeDefined();
    expect(line.map((l) => l.email)).not.toContain(holder?.email);
  });

  it("writes each group's history: opening, acceptances, leaders named, the application and its objection", async () => {
    const rows = await t.database.db
      .select({ group: groups.slug, kind: groupHistory.kind, subjectName: groupHistory.subjectName })
      .from(groupHistory)
      .innerJoin(groups, eq(groups.id, groupHistory.groupId));
    for (const group of await t.database.db.select().from(groups)) {
      const mine = rows.filter((r) => r.group === group.slug);
      expect(
        mine.filter((r) => r.kind === 'created'),
        group.slug,
      ).toHaveLength(1);
      expect(
        mine.filter((r) => r.kind === 'accepted'),
        group.slug,
      ).toHaveLength(group.activeMembers);
      expect(mine.filter((r) => r.kind === 'role_named').length, group.slug).toBeGreaterThanOrEqual(1);
      for (const row of mine.filter((r) => r.kind !== 'created')) expect(row.subjectName).toBeTruthy();
    }
    const lyon = rows.filter((r) => r.group === 'lyon-confluence').map((r) => r.kind);
    expect(lyon).toContain('application');
    expect(lyon).toContain('objection');
  });

  it('writes recommendations at every status, business confirmed, declared and disputed, with their history', async () => {
    const db = t.database.db;
    const rows = await db.select().from(recommendations);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['received', 'contacted', 'meeting', 'quote_sent', 'won', 'lost', 'no_follow_up']),
    );
    expect(new Set(rows.filter((r) => r.status === 'won').map((r) => r.businessStatus))).toEqual(
      new Set(['confirmed', 'declared', 'disputed']),
    );
    // Both printed logins give and receive; contacts only with consent.
    const [admin, subscriber] = [first.admin.email, first.subscriber.email];
    const idOf = async (email: string) =>
      (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
    const [adminId, subscriberId] = [await idOf(admin), await idOf(subscriber)];
    for (const id of [adminId, subscriberId]) {
      expect(rows.some((r) => r.giverId === id)).toBe(true);
      expect(rows.some((r) => r.receiverId === id)).toBe(true);
    }
    for (const r of rows) if (r.contactName) expect(r.consentAt).not.toBeNull();
    // The history of each one ends at its status, each step from the previous one.
    const events = await db.select().from(recommendationEvents).orderBy(asc(recommendationEvents.createdAt));
    for (const r of rows) {
      const steps = events.filter((e) => e.recommendationId === r.id && (e.kind === 'status' || e.kind === 'given'));
      expect(steps[0]?.kind).toBe('given');
      expect(steps.at(-1)?.toStatus).toBe(r.status);
      for (let i = 1; i < steps.length; i++) expect(steps[i]?.fromStatus).toBe(steps[i - 1]?.toStatus);
    }
    // One-to-ones to confirm and testimonials to publish for the printed logins.
    expect(
      (await db.select().from(oneToOnes).where(eq(oneToOnes.partnerId, adminId))).some((o) => o.status === 'pending'),
    ).toBe(true);
    expect(
      (await db.select().from(testimonials).where(eq(testimonials.subjectId, adminId))).map((x) => x.status).sort(),
    ).toEqual(['approved', 'pending']);
  });

  it('gives both printed logins unread notifications, and the subscriber a daily digest waiting to leave', async () => {
    const db = t.database.db;
    const unread = await db
      .select({ email: user.email, n: count() })
      .from(notifications)
      .innerJoin(user, eq(user.id, notifications.userId))
      .where(sql`${notifications.readAt} is null`)
      .groupBy(user.email);
    for (const email of [first.admin.email, first.subscriber.email]) {
      expect(unread.find((u) => u.email === email)?.n ?? 0).toBeGreaterThan(0);
    }
    const waiting = await db
      .select({ kind: notifications.kind })
      .from(notifications)
      .innerJoin(user, eq(user.id, notifications.userId))
      .where(
        and(
          eq(user.email, first.subscriber.email),
          eq(notifications.email, 'daily'),
          sql`${notifications.emailedAt} is null`,
        ),
      );
    expect(waiting.length).toBeGreaterThan(0);
    const [setting] = await db
      .select({ frequency: notificationSettings.frequency })
      .from(notificationSettings)
      .innerJoin(user, eq(user.id, notificationSettings.userId))
      .where(and(eq(user.email, first.subscriber.email), eq(notificationSettings.kind, 'recommendation_updated')));
    expect(setting?.frequency).toBe('daily');
  });

  it("records Lyon's attendance at its last meetings (every status) and its guests, with consent", async () => {
    const db = t.database.db;
    const marks = await db.select({ status: meetingAttendance.status }).from(meetingAttendance);
    expect(new Set(marks.map((m) => m.status))).toEqual(
      new Set(['present', 'late', 'excused', 'absent', 'substituted', 'remote']),
    );
    const remote = await db
      .select({ source: meetingAttendance.source })
      .from(meetingAttendance)
      .where(eq(meetingAttendance.status, 'remote'));
    expect(remote.map((r) => r.source)).toEqual(['connected']);
    const [lyon] = await db
      .select({ visioUrl: groups.visioUrl })
      .from(groups)
      .where(eq(groups.slug, 'lyon-confluence'));
    expect(lyon?.visioUrl).toBe(DEMO_LYON_VISIO_URL);
    const all = await db.select().from(guests);
    for (const g of all) expect(g.consentAt).not.toBeNull();
    const invited = all.filter((g) => g.source === 'invited');
    expect(invited.map((g) => g.status).sort()).toEqual(['followed_up', 'invited', 'registered']);
    // Issue 30: one visitor registered themselves for Lyon's meeting of the day, on a free seat.
    const self = all.filter((g) => g.source === 'self');
    expect(self).toHaveLength(1);
    expect(self[0]).toMatchObject({ name: 'Léa Fontaine', status: 'registered', invitedBy: null });
    expect(self[0]?.tradeId).not.toBeNull();
  });

  it("writes the minutes of Lyon's last past meeting, its visitor included, mailing nobody", async () => {
    const rows = await t.database.db
      .select({ content: meetingMinutes.content, meetingId: meetingMinutes.meetingId })
      .from(meetingMinutes);
    const lyon = rows.filter((r) => (r.content as MinutesContent).meeting.groupName.includes('Lyon'));
    expect(lyon.length).toBeGreaterThanOrEqual(1);
    const content = lyon.find((r) => (r.content as MinutesContent).visitors.length > 0)?.content as MinutesContent;
    expect(content.visitors).toEqual([{ name: 'Camille Rousseau', company: 'Rousseau Paysages' }]);
    expect(content.attendance.present.length).toBeGreaterThan(0);
    const told = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'meeting_minutes'));
    expect(told[0]?.n).toBe(0);
  });

  it('keeps a waiting list on the full events, the printed member in one of them', async () => {
    const db = t.database.db;
    const line = await db
      .select({ eventId: eventWaitlist.eventId, email: user.email, max: events.maxAttendees })
      .from(eventWaitlist)
      .innerJoin(user, eq(user.id, eventWaitlist.userId))
      .innerJoin(events, eq(events.id, eventWaitlist.eventId));
    expect(line.length).toBeGreaterThan(0);
    expect(line.map((l) => l.email)).toContain(first.subscriber.email);
    for (const { eventId, max } of line) {
      const [registered] = await db
        .select({ n: count() })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, eventId));
      expect(Number(registered?.n)).toBe(max);
    }
  });

  it('turns the five static forum topics into discussions: replies, accepted answers, mentions, a hidden reply, an open report', async () => {
    const db = t.database.db;
    const { rows: topics } = await db.execute<{
      title: string;
      category: string;
      group_id: string | null;
      replies: number;
      reply_count: number;
      accepted: boolean;
    }>(sql`
      select t.title, c.slug as category, c.group_id, t.reply_count,
             (select count(*)::int from forum_posts p where p.topic_id = t.id and p.hidden_at is null) as replies,
             t.accepted_post_id is not null as accepted
        from forum_topics t join forum_categories c on c.id = t.category_id order by t.created_at`);
    const titles = topics.map((t) => t.title);
    for (const title of [
      'Comment trouver ses premiers clients après sa création\u202f?',
      'Quel logiciel de facturation recommandez-vous\u202f?',
      'Recherche un plombier partenaire dans le Val-de-Marne',
      'Se préparer à la facturation électronique obligatoire',
      'Retour sur l’afterwork de novembre\u202f: vos impressions',
    ]) {
      expect(titles).toContain(title);
    }
    for (const topic of topics) expect(topic.reply_count, topic.title).toBe(topic.replies);
    // `Entraide` has its discussions (issue 31): answered ones, and a question still waiting.
    const entraide = topics.filter((t) => t.category === 'entraide');
    expect(entraide.length).toBeGreaterThanOrEqual(3);
    expect(entraide.filter((t) => t.replies > 0).length).toBeGreaterThanOrEqual(2);
    expect(entraide.some((t) => t.replies === 0)).toBe(true);
    expect(topics.filter((t) => t.accepted).length).toBeGreaterThanOrEqual(4);
    // The Lyon group's own category has its topic; every demo group has a category.
    expect(topics.some((t) => t.category === 'groupe-lyon-confluence' && t.group_id)).toBe(true);
    const { rows: categories } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from groups g join forum_categories c on c.group_id = g.id`,
    );
    const [groupCount] = (await db.select({ n: count() }).from(groups)) as { n: number }[];
    expect(categories[0]?.n).toBe(Number(groupCount?.n));
    const { rows: moderation } = await db.execute<{ hidden: number; open: number; mentions: number }>(sql`
      select (select count(*)::int from forum_posts where hidden_at is not null and hidden_reason is not null) as hidden,
             (select count(*)::int from forum_reports where status = 'open') as open,
             (select count(*)::int from forum_mentions) as mentions`);
    expect(moderation[0]).toMatchObject({ hidden: 1 });
    expect(moderation[0]?.open).toBeGreaterThanOrEqual(1);
    expect(moderation[0]?.mentions).toBeGreaterThanOrEqual(3);
    const mentioned = await db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'forum_mention'));
    expect(Number(mentioned[0]?.n)).toBe(moderation[0]?.mentions);
  });

  it('scores every member, and a first look shows every colour (the printed admin green)', async () => {
    const { rows } = await t.database.db.execute<{ colour: string; email: string }>(sql`
      select s.colour, u.email from member_scores s join "user" u on u.id = s.user_id`);
    expect(new Set(rows.map((r) => r.colour))).toEqual(new Set(['green', 'orange', 'red', 'grey']));
    expect(rows.find((r) => r.email === first.admin.email)?.colour).toBe('green');
  });

  it('gives the printed member a dashboard alive: a year of months, business confirmed, 9 200 € to confirm (issue 29)', async () => {
    const member = client(t);
    expect((await member.post('/api/auth/sign-in/email', first.subscriber)).statusCode).toBe(200);
    const res = await member.get('/api/me/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as Dashboard;
    expect(d.months).toHaveLength(12);
    const active = d.months.filter((m) => m.given + m.received + m.won + m.confirmed > 0);
    expect(active.length).toBeGreaterThanOrEqual(6);
    expect(d.months.some((m) => m.confirmed > 0)).toBe(true);
    expect(d.business.confirmedReceivedCents).toBeGreaterThan(0);
    expect(d.business.confirmedGivenCents).toBeGreaterThan(0);
    // The notification's 9 200 € is on the dashboard, apart from what is confirmed.
    expect(d.business.toConfirm).toMatchObject({ count: 1, amountCents: 920_000 });
    expect(dashboardActions(d)[0]?.key).toBe('toConfirm');
    const score = (await member.get('/api/score/me')).json();
    expect(score.score).not.toBeNull();
    expect(score.nextAction).not.toBeNull();
  });

  it('prints sign-in details that work', async () => {
    const summary = seedSummary(first);
    for (const text of [first.admin.email, first.subscriber.email, DEMO_PASSWORD, t.env.SITE_URL]) {
      expect(summary).toContain(text);
    }
    expect(summary).toContain('Administrateur');
    expect(summary).toContain('Membre abonné');
    expect(summary).toContain(`${t.env.SITE_URL}/groupes`);
    expect(summary).toContain('3 groupes');

    const admin = client(t);
    const signIn = await admin.post('/api/auth/sign-in/email', {
      email: first.admin.email,
      password: first.admin.password,
    });
    expect(signIn.statusCode).toBe(200);
    const me = await admin.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().isAdmin).toBe(true);

    const member = client(t);
    const memberSignIn = await member.post('/api/auth/sign-in/email', {
      email: first.subscriber.email,
      password: first.subscriber.password,
    });
    expect(memberSignIn.statusCode).toBe(200);
    // A subscriber: the directory answers, full of members.
    const directory = await member.get('/api/members');
    expect(directory.statusCode).toBe(200);
    expect(directory.json().total).toBeGreaterThanOrEqual(DEMO_MEMBERS.length - 1);
    // The profiles are made to match: the agent finds the notary among his synergies.
    const synergies = await member.get('/api/members?sort=synergy');
    expect(synergies.statusCode).toBe(200);
    expect(synergies.json().members.map((m: { fullName: string }) => m.fullName)).toContain('Claire Dubois');

    const wrong = await client(t).post('/api/auth/sign-in/email', {
      email: first.subscriber.email,
      password: 'Mauvais-Mot-2026',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('gives the printed sponsor a mandate: the admin closes the month, the sponsor downloads the invoice', async () => {
    const signIn = async (who: { email: string; password: string }) => {
      const c = client(t);
      expect((await c.post('/api/auth/sign-in/email', who)).statusCode).toBe(200);
      return c;
    };
    const admin = await signIn(first.admin);
    const sponsor = await signIn(first.subscriber);
    const before = (await sponsor.get('/api/me/self-billing')).json();
    expect(before.mandate).toMatchObject({ legalName: 'Démo Conseil', vatStatus: 'franchise' });
    expect((await sponsor.get('/api/me/referral')).json().totals.payableCents).toBe(825);
    const month = new Date().toISOString().slice(0, 7);
    const closed = await admin.post(`/api/admin/self-billing/${month}/close`);
    expect(closed.json().invoices).toHaveLength(1);
    const [invoice] = (await sponsor.get('/api/me/self-billing')).json().invoices;
    const pdf = await sponsor.get(`/api/me/self-billing/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await sponsor.get(`/api/me/self-billing/invoices/${invoice.id}/facturx`)).statusCode).toBe(200);
  });

  it('shows SEPA Direct Debit: the French monthly payers’ mandates, one refused debit in its grace, its mail', async () => {
    const db = t.database.db;
    const { rows: mandates } = await db.execute<{ login: string; status: string; last4: string; version: string }>(sql`
      select split_part(u.email, '@', 1) as login, m.status, m.iban_last4 as last4, m.text_version as version
        from sepa_mandates m join "user" u on u.id = m.user_id order by u.email`);
    expect(mandates.length).toBeGreaterThanOrEqual(4);
    for (const m of mandates) expect(m).toMatchObject({ status: 'active', last4: expect.stringMatching(/^\d{4}$/) });
    const login = DEMO_MEMBERS[DEMO_FAILED_DEBIT_INDEX]?.login as string;
    expect(mandates.map((m) => m.login)).toContain(login);
    const member = client(t);
    const email = `${login}@${DEMO_EMAIL_DOMAIN}`;
    expect((await member.post('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const details = (await member.get('/api/billing/payment-details')).json();
    expect(details.mandates).toHaveLength(1);
    expect(details.failedDebit).toMatchObject({ amountCents: 9900, attemptCount: 1 });
    // Within the 30-day grace: the seat and the member's pages are kept.
    expect((await member.get('/api/me/today')).statusCode).toBe(200);
    const userId = (await member.get('/api/auth/get-session')).json().user.id as string;
    expect((await getSubscription(db, userId))?.status).toBe('past_due');
    const { rows: mails } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from mail_outbox where template = 'debit-failed' and "to" = ${email}`);
    expect(mails[0]?.n).toBe(1);
    // This month's debit is the refused one: paid up to last month, not today.
    const today = new Date().toISOString().slice(0, 10);
    const { rows: paidToday } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from invoices where user_id = ${userId} and paid_at::date = ${today}::date`);
    expect(paidToday[0]?.n).toBe(0);
    expect(seedSummary(first)).toContain(`Un prélèvement SEPA refusé : connectez-vous comme ${email}`);
  });

  it('records the fee the members paid, so the printed member’s return sets business against it', async () => {
    const member = client(t);
    expect((await member.post('/api/auth/sign-in/email', first.subscriber)).statusCode).toBe(200);
    const response = await member.get('/api/me/return');
    expect(response.statusCode).toBe(200);
    const data = response.json();
    // The annual plan, paid ten months ago (its renewal is due in two): 1 000 € TTC, 833,33 € HT.
    expect(data.totals.paidCents).toBe(100_000);
    expect(data.totals.paidExclVatCents).toBe(83_333);
    expect(data.months.filter((m: { paidCents: number }) => m.paidCents > 0)).toHaveLength(1);
    // A monthly payer pays every month, one invoice each, the first one 'first', then renewals.
    const { rows } = await t.database.db.execute<{ user_id: string; n: number; firsts: number }>(sql`
      select user_id, count(*)::int as n, count(*) filter (where kind = 'first')::int as firsts
        from invoices where plan_id = 'monthly' group by user_id`);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.firsts).toBe(1);
    expect(Math.max(...rows.map((r) => r.n))).toBeGreaterThanOrEqual(10);
  });

  it('gives the printed logins suggestions that explain themselves (issue 29)', async () => {
    for (const email of [first.admin.email, first.subscriber.email]) {
      const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      const suggestions = await getOneToOneSuggestions(t.database.db, row?.id as string);
      expect(suggestions.items.length, email).toBeGreaterThan(0);
      expect(suggestions.items[0]?.why.wonBetweenTrades).toBeGreaterThan(0);
      const missing = await getMissingTrades(t.database.db, row?.id as string);
      if (missing.group) expect(missing.items.length, email).toBeGreaterThan(0);
    }
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    const again = await seedDemo(t.app.ctx);
    expect(again.alreadySeeded).toBe(true);
    expect(again.members).toBe(DEMO_MEMBERS.length);
    expect(again.admin).toEqual(first.admin);
    expect(await counts()).toEqual(before);
    expect(seedSummary(again)).toContain('déjà en place');
  });

  it('refuses to run with NODE_ENV=production', async () => {
    expect(() => assertSeedAllowed({ NODE_ENV: 'production' })).toThrow(SeedRefusedError);
    expect(() => assertSeedAllowed({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(() => assertSeedAllowed({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertSeedAllowed({})).not.toThrow();
    const before = await counts();
    const production = { ...t.app.ctx, env: { ...t.app.ctx.env, NODE_ENV: 'production' as const } };
    await expect(seedDemo(production)).rejects.toThrow(SeedRefusedError);
    expect(await counts()).toEqual(before);
  });
  it('leaves Paris 11e ready for the demo roster: its président’s dry run of roster-bni.xlsx passes', async () => {
    const db = t.database.db;
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, DEMO_ROSTER.group));
    const [leader] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `${DEMO_ROSTER.leader}@${DEMO_EMAIL_DOMAIN}`));
    const file = readFileSync(new URL(`../../../${DEMO_ROSTER.file}`, import.meta.url));
    const table = await readRosterFile(file);
    const review = await reviewRoster(t.app.ctx, leader?.id as string, group?.id as string, {
      ...table,
      tradeChoices: {},
    });
    expect(review.ready).toBe(true);
    expect(review.counts).toEqual({ create: 8, attach: 0, unchanged: 0, refused: 0 });
    expect(seedSummary(first)).toContain(`/groupes/${DEMO_ROSTER.group}/import`);
  });
});
