import { count, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  eventRegistrations,
  events,
  jobPositions,
  mailOutbox,
  memberContacts,
  memberProjects,
  memberRatings,
  memberServices,
  partnerSites,
  profiles,
  sharedProjects,
  subscriptions,
  user,
  userRoles,
} from '../src/db/schema';
import { getSubscription } from '../src/domain/subscriptions';
import { DEMO_EMAIL_DOMAIN, DEMO_MEMBERS, DEMO_PASSWORD } from '../src/scripts/demo-data';
import {
  assertSeedAllowed,
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
  };
}

beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.app.ctx);
});

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
    // No verification mail was left waiting for the demo addresses.
    const mails = await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(like(mailOutbox.to, `%@${DEMO_EMAIL_DOMAIN}`));
    expect(mails[0]?.n).toBe(0);
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
      expect(['trialing', 'active']).toContain(row.status);
    }
    const [member] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, first.subscriber.email));
    expect((await getSubscription(t.database.db, member?.id as string)).subscribed).toBe(true);
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

  it('prints sign-in details that work', async () => {
    const summary = seedSummary(first);
    for (const text of [first.admin.email, first.subscriber.email, DEMO_PASSWORD, t.env.SITE_URL]) {
      expect(summary).toContain(text);
    }
    expect(summary).toContain('Administrateur');
    expect(summary).toContain('Membre abonné');

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
});
