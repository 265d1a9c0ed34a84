/**
 * `npm run seed:demo`: fills an install (the server's database and file storage: DATABASE_URL,
 * or the embedded one in DATA_DIR) with French demo content for a first look: about forty members
 * with profiles and avatars, ratings, services, portfolio projects, job offers with applications,
 * upcoming and past events with registrations, partners, contact requests with their shared
 * projects, an admin and subscribed members. Then it prints how to sign in.
 *
 * Accounts are real Better Auth accounts (created through the app's auth, so they sign in with
 * the shared demo password); images are drawn here (SVG initials rendered by sharp) and stored
 * through the app's storage: nothing is fetched from the network. Running it again changes
 * nothing: a finished seed is recognised by the demo admin's role, written last, in the same
 * transaction as the content. Refused when NODE_ENV=production.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  formatMoney,
  forumMessages,
  frenchVatNumber,
  getPlan,
  HEALTH_WEEKS,
  isValidSiren,
  type LeaderRole,
  leaderRoleLabel,
  MEETING_WEEKS_AHEAD,
  type NotificationKind,
  OBJECTION_PERIOD_DAYS,
  type PlanId,
  parisToday,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationStatus,
  sharedProjectTitle,
  TRIAL_DAYS,
} from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { and, asc, count, desc, eq, gt, inArray, isNull, like, lt, notInArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createAuth } from '../auth/auth';
import { resolveAuthSecret } from '../auth/secret';
import { SessionCache } from '../auth/session-cache';
import { DEMO_PROVIDER, periodEndFrom } from '../billing/demo';
import type { AppContext } from '../context';
import { type Database, migrateDatabase, openDatabase, type Tx } from '../db/client';
import {
  applications,
  eventCategories,
  eventRegistrations,
  events,
  eventWaitlist,
  forumCategories,
  forumMentions,
  forumModerationEvents,
  forumPosts,
  forumReports,
  forumTopics,
  groupApplications,
  groupHistory,
  groupMembers,
  groupObjections,
  groups,
  guests,
  installation,
  invoices,
  jobPositions,
  mailOutbox,
  meetingAttendance,
  meetings,
  memberContacts,
  memberProjects,
  memberRatings,
  memberServices,
  notificationSettings,
  notifications,
  oneToOnes,
  partnerSites,
  profiles,
  recommendationEvents,
  recommendations,
  seatWaitlist,
  session,
  sharedProjects,
  subscriptions,
  testimonials,
  trades,
  user,
  userRoles,
  webhookEndpoints,
} from '../db/schema';
import { onInvoicePaid } from '../domain/commissions';
import { storeContentImage } from '../domain/content-images';
import { EINVOICING_SINCE_KEY } from '../domain/einvoicing/worker';
import { applyDebitFailed, recordMandate } from '../domain/failed-debits';
import { setGroupPlacePhoto } from '../domain/groups/place-photo';
import { generateMinutesIn, MINUTES_CATCH_UP_HOURS } from '../domain/meeting-minutes';
import { generateMeetings, rhythmDates } from '../domain/meetings';
import { invoiceSellerOf, saveBillingDetails } from '../domain/membership-invoices';
import { accountHooks } from '../domain/new-accounts';
import { type Log, setProfileImage } from '../domain/profile';
import { quotaWindows } from '../domain/quotas';
import { recomputeScores } from '../domain/scores';
import { acceptMandate, findActiveMandate } from '../domain/self-billing';
import { applyInvoicePaid, applySubscriptionEvent } from '../domain/subscriptions';
import { type Env, EnvError, loadEnv } from '../env';
import { escapeHtml } from '../lib/html';
import { SignedLinks } from '../lib/signed-links';
import { VisitorCache } from '../lib/visitor-cache';
import { createStorage } from '../storage';
import { imagePresets, processImage } from '../storage/images';
import {
  DEMO_ADMIN_INDEX,
  DEMO_CONTACTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_EVENTS,
  DEMO_FORUM_TOPICS,
  DEMO_GROUP_APPLICATION,
  DEMO_GROUPS,
  DEMO_JOBS,
  DEMO_MEMBERS,
  DEMO_ONE_TO_ONES,
  DEMO_PARTNERS,
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_RECOMMENDATIONS,
  DEMO_ROSTER,
  DEMO_SERVICES,
  DEMO_SUBSCRIBER_EVENTS,
  DEMO_SUBSCRIBER_INDEX,
  DEMO_TESTIMONIALS,
  DEMO_WAITLIST,
  type DemoMember,
  demoEmail,
  demoFullName,
  demoIndex,
  demoLinkedin,
} from './demo-data';

export class SeedRefusedError extends Error {}

/** The guard: demo accounts with a published password never go into a production install. */
export function assertSeedAllowed(env: { NODE_ENV?: string }): void {
  if (env.NODE_ENV === 'production') {
    throw new SeedRefusedError(
      'Refusé : NODE_ENV=production. `npm run seed:demo` crée des comptes de démonstration au mot de passe connu ;' +
        ' il ne se lance que sur une installation de développement ou de démonstration.',
    );
  }
}

export interface SeedCredentials {
  name: string;
  email: string;
  password: string;
}

export interface SeedDemoResult {
  /** True when the content was already there: nothing was added. */
  alreadySeeded: boolean;
  /** Demo members in the database. */
  members: number;
  /** What this run added (zeros when already seeded). */
  added: {
    subscriptions: number;
    ratings: number;
    services: number;
    projects: number;
    jobs: number;
    applications: number;
    events: number;
    registrations: number;
    partners: number;
    contacts: number;
    sharedProjects: number;
    groups: number;
    seats: number;
    groupApplications: number;
    waitlist: number;
    recommendations: number;
    oneToOnes: number;
    testimonials: number;
    notifications: number;
    forumTopics: number;
    forumReplies: number;
  };
  admin: SeedCredentials;
  subscriber: SeedCredentials;
  siteUrl: string;
}

export interface SeedDemoOptions {
  /** How many of the demo members to create (2 to all of them; default all). */
  count?: number;
  /** Today, for event dates and subscription periods. */
  now?: Date;
  log?: Log;
}

const silentLog: Log = { warn() {}, error() {} };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Lyon's meeting of the day (issue 28): it starts this many minutes after seeding and lasts 90
 * minutes, so check-in (open 30 minutes before the start) is open at once and for the next two
 * hours: a newcomer sees `Pointer ma présence` on `Aujourd'hui` and the QR code on the leaders'
 * side.
 */
export const DEMO_LIVE_MEETING_MINUTES = 20;

/** Lyon's visio link for its rhythm's meetings (issue 30): made up, nothing answers there. */
export const DEMO_LYON_VISIO_URL = 'https://visio.example.fr/synergie-lyon-confluence';

const credentials = (member: DemoMember): SeedCredentials => ({
  name: demoFullName(member),
  email: demoEmail(member),
  password: DEMO_PASSWORD,
});

/** A small deterministic generator: the same content on every install. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = escapeHtml;

const initials = (text: string) =>
  text
    .split(/[\s'’-]+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');

/** A PNG drawn locally: a coloured square with initials (avatars, logos) or a title (images). */
async function drawImage(options: { width: number; height: number; color: string; text: string; fontSize: number }) {
  const { width, height, color, text, fontSize } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.72"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${Math.min(width, height) * 0.35}" fill="#ffffff" fill-opacity="0.08"/>
  <text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(text)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A demo member's face: an illustrated portrait drawn here from the member's name with DiceBear's
 * `Notionists` style (design by Zoish, CC0 1.0: free for any use, no attribution required; the
 * code is MIT), on a pale tint of the member's colour. Nothing is fetched: the style's shapes ship
 * in the npm package and sharp turns the SVG into the PNG an upload would be.
 */
async function avatarImage(member: DemoMember) {
  const [{ createAvatar }, notionists] = await Promise.all([import('@dicebear/core'), import('@dicebear/notionists')]);
  const svg = createAvatar(notionists, {
    seed: demoFullName(member),
    size: 512,
    backgroundColor: [paleTint(member.color)],
    backgroundType: ['solid'],
  }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** `#1d4ed8` mixed with 80 % white, as DiceBear wants it (hex without `#`). */
function paleTint(color: string): string {
  const hex = color.replace('#', '');
  return [0, 2, 4]
    .map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * 0.2 + 255 * 0.8))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('');
}

const contentImage = (title: string, color: string) =>
  drawImage({
    width: 1200,
    height: 675,
    color,
    text: title.length > 34 ? `${title.slice(0, 33)}…` : title,
    fontSize: 52,
  });

/** The calendar date in Paris `offsetDays` from `now`, as YYYY-MM-DD. */
function parisDate(now: Date, offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

async function accountId(ctx: AppContext, email: string): Promise<string | undefined> {
  const [row] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id;
}

async function isSeeded(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(user.email, demoEmail(DEMO_MEMBERS[DEMO_ADMIN_INDEX] as DemoMember)), eq(userRoles.role, 'admin')))
    .limit(1);
  return row !== undefined;
}

async function countDemoMembers(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(user)
    .where(like(user.email, `%@${DEMO_EMAIL_DOMAIN}`));
  return Number(row?.n ?? 0);
}

/**
 * The member's account (created through Better Auth, as the sign-up form does, unless it exists),
 * verified, with the profile filled in and an avatar. Safe to run again.
 */
async function ensureMember(
  ctx: AppContext,
  member: DemoMember,
  tradeIds: Map<string, string>,
  log: Log,
): Promise<string> {
  const email = demoEmail(member);
  let id = await accountId(ctx, email);
  if (!id) {
    await ctx.auth.api.signUpEmail({
      body: { name: demoFullName(member), email, password: DEMO_PASSWORD },
    });
    // The answer names nobody, the same for a known address (issue 33): the row says who.
    id = await accountId(ctx, email);
    if (!id) throw new Error(`demo sign-up created no account for ${email}`);
    // No verification mail waiting for an address nobody reads, no session nobody holds.
    await ctx.db.delete(mailOutbox).where(eq(mailOutbox.to, email));
    await ctx.db.delete(session).where(eq(session.userId, id));
  }
  await ctx.db
    .update(user)
    .set({ emailVerified: true, name: demoFullName(member) })
    .where(eq(user.id, id));
  const values = {
    fullName: demoFullName(member),
    companyName: member.company,
    profession: member.profession,
    industry: member.industry,
    city: member.city,
    bio: member.bio,
    skills: member.skills,
    lookingFor: member.lookingFor,
    websiteUrl: member.website,
    linkedinUrl: demoLinkedin(member),
    phone: member.phone,
    // The trade of the catalogue; the database then writes its label as the profession.
    tradeId: tradeIds.get(member.trade) ?? null,
    specialty: member.specialty,
    titleForm: member.titleForm,
  };
  await ctx.db
    .insert(profiles)
    .values({ userId: id, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
  const [profile] = await ctx.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, id));
  if (!profile?.avatarUrl) await setProfileImage(ctx, id, 'avatar', await avatarImage(member), log);
  return id;
}

/**
 * A demo-provider subscription, written as the demo checkout writes it (domain/subscriptions.ts):
 * the admin and the printed member pay yearly, the others alternate between a trial and a month.
 */
async function ensureSubscription(ctx: AppContext, userId: string, index: number, now: Date): Promise<boolean> {
  const [existing] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (existing) return false;
  const yearly = index === DEMO_ADMIN_INDEX || index === DEMO_SUBSCRIBER_INDEX;
  const trial = !yearly && index % 4 === 2;
  const planId = yearly ? 'annual' : 'monthly';
  const trialEnd = trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : null;
  const result = await applySubscriptionEvent(
    ctx.db,
    { id: `demo_seed_${userId}`, provider: DEMO_PROVIDER, type: 'checkout.completed', occurredAt: now },
    {
      userId,
      provider: DEMO_PROVIDER,
      customerId: `demo_cus_${userId}`,
      subscriptionId: `demo_sub_${userId}`,
      planId,
      status: trial ? 'trialing' : 'active',
      trialEnd,
      currentPeriodEnd: trialEnd ?? periodEndFrom(planId, now),
      providerUpdatedAt: now,
    },
  );
  if (result.applied && !trial && index !== DEMO_REFERRED_INDEX) {
    // Issue 32: the printed member's invoices name their company's SIREN, VAT number and address;
    // every other third paying member's company gives its SIREN too (their invoices go to the
    // plateforme agréée's simulator), the others none (their invoices stay downloads).
    if (index === DEMO_SUBSCRIBER_INDEX) {
      await saveBillingDetails(ctx.db, userId, {
        siren: DEMO_BUYER_SIREN,
        vatNumber: frenchVatNumber(DEMO_BUYER_SIREN),
        addressLine: '8 rue des Tanneurs',
        postcode: '94500',
        city: 'Champigny-sur-Marne',
        country: 'FR',
      });
    } else if (index === DEMO_EU_MEMBER_INDEX) {
      // Mercier Communication (Paris 11e) is a Belgian company, established in Brussels: its
      // invoices are issued without French VAT, `Autoliquidation` (issue 32, invoicing.md).
      await saveBillingDetails(ctx.db, userId, {
        country: 'BE',
        siren: null,
        vatNumber: 'BE0412345614',
        addressLine: 'Rue de la Loi 42',
        postcode: '1040',
        city: 'Bruxelles',
      });
    } else if (index % 3 === 0) {
      const siren = demoSiren(index);
      await saveBillingDetails(ctx.db, userId, {
        siren,
        vatNumber: frenchVatNumber(siren),
        addressLine: `${1 + (index % 40)} rue de la République`,
        postcode: '69002',
        city: 'Lyon',
        country: 'FR',
      });
    }
    // The member whose debit of this month was refused has paid up to last month.
    const monthsBack = (yearly ? [10] : feeMonthsBack(index)).filter(
      (back) => !(index === DEMO_FAILED_DEBIT_INDEX && back === 0),
    );
    await seedFeePayments(ctx, userId, planId, monthsBack, now);
    if (!yearly && index % 3 === 0) await seedSepaDebit(ctx, userId, index, Math.max(...monthsBack), now);
  }
  return result.applied;
}

/** The member whose last monthly debit was refused (issue 32): the grace and its mails in the demo. */
export const DEMO_FAILED_DEBIT_INDEX = 51;

/**
 * Issue 32: the French companies among the monthly payers pay by SEPA Direct Debit, their mandate
 * signed at their first payment, as the provider reports it (recordMandate: reference, the
 * wording's version, the IBAN's last 4 digits); Laurent Mallet's last debit was refused three days
 * ago (applyDebitFailed: the 30-day grace, `Paiement en attente` in his billing section, the
 * failure's mail in /dev/mailbox) and the provider retries in four days.
 */
async function seedSepaDebit(ctx: AppContext, userId: string, index: number, firstMonthBack: number, now: Date) {
  const acceptedAt = new Date(now);
  acceptedAt.setUTCMonth(acceptedAt.getUTCMonth() - firstMonthBack);
  acceptedAt.setUTCDate(Math.min(acceptedAt.getUTCDate(), 28));
  await recordMandate(
    ctx.db,
    { id: `demo_seed_mandate_${userId}`, provider: DEMO_PROVIDER, type: 'mandate.updated', occurredAt: acceptedAt },
    {
      mandateId: `demo_mandate_${userId}`,
      provider: DEMO_PROVIDER,
      customerId: `demo_cus_${userId}`,
      userId,
      reference: `SYNERGIE-${String(100_000 + index * 7_919).slice(-6)}`,
      acceptedAt,
      ibanLast4: String(1_000 + ((index * 4_273) % 9_000)),
      status: 'active',
    },
  );
  if (index !== DEMO_FAILED_DEBIT_INDEX) return;
  const failedAt = new Date(now.getTime() - 3 * DAY_MS);
  await applyDebitFailed(
    ctx,
    {
      id: `demo_seed_debit_failed_${userId}`,
      provider: DEMO_PROVIDER,
      type: 'invoice.payment_failed',
      occurredAt: failedAt,
    },
    {
      provider: DEMO_PROVIDER,
      providerInvoiceId: `demo_seed_fee_${userId}_refused`,
      userId,
      amountCents: getPlan('monthly').priceCents,
      attemptCount: 1,
      nextAttemptAt: new Date(now.getTime() + 4 * DAY_MS),
      failedAt,
    },
  );
  // The provider's status while it retries (domain/subscribed.ts: access kept through the grace).
  await ctx.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, userId));
}

/** The printed member's company SIREN on their membership invoices (a valid Luhn key). */
const DEMO_BUYER_SIREN = '732829320';

/** A demo company's SIREN: eight digits from the member's place, then the Luhn key. */
export function demoSiren(index: number): string {
  const base = String(81_000_000 + index * 7919).slice(0, 8);
  for (let key = 0; key < 10; key += 1) {
    const siren = `${base}${key}`;
    if (isValidSiren(siren)) return siren;
  }
  throw new Error('no key');
}

/** A paying member whose company is established in Belgium (reverse charge): Sarah Mercier. */
const DEMO_EU_MEMBER_INDEX = 17;

/** The member whose payments `seedSelfBilling` writes (the printed member's referral). */
const DEMO_REFERRED_INDEX = 2;

/** A monthly payer's past months paid: from 3 to 11 months back, so each demo member differs. */
function feeMonthsBack(index: number): number[] {
  const months = 3 + (index % 9);
  return Array.from({ length: months }, (_, i) => months - 1 - i);
}

/**
 * Issue 29: the fee the demo members paid, as the billing provider's webhook records it
 * (applyInvoicePaid: 'first' then 'renewal', the amounts HT and TVA computed there), so that
 * `Mon retour sur cotisation` sets the business against a real fee. The annual payers (admin, printed
 * member) paid ten months ago, their renewal due in two (seedRenewalDue); monthly payers on the
 * same day of each past month.
 */
async function seedFeePayments(ctx: AppContext, userId: string, planId: PlanId, monthsBack: number[], now: Date) {
  const amountCents = getPlan(planId).priceCents;
  for (const back of monthsBack) {
    const paidAt = new Date(now);
    paidAt.setUTCMonth(paidAt.getUTCMonth() - back);
    paidAt.setUTCDate(Math.min(paidAt.getUTCDate(), 28));
    const id = `demo_seed_fee_${userId}_${back}`;
    await applyInvoicePaid(
      ctx.db,
      { id, provider: DEMO_PROVIDER, type: 'invoice.paid', occurredAt: paidAt },
      { userId, provider: DEMO_PROVIDER, providerInvoiceId: id, planId, amountCents, paidAt },
      invoiceSellerOf(ctx.env),
    );
  }
}

/**
 * Issue 19: the printed member's annual plan renews in about two months, within the reminder's
 * window (1 to 3 months, domain/renewals.ts): the remind-renewals job mails them the reminder with
 * its link that stops the renewal. Only the demo provider's annual subscription, not set to end.
 */
async function seedRenewalDue(ctx: AppContext, userId: string, now: Date): Promise<void> {
  const renewsAt = new Date(now);
  renewsAt.setUTCMonth(renewsAt.getUTCMonth() + 2);
  await ctx.db
    .update(subscriptions)
    .set({ currentPeriodEnd: renewsAt })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, DEMO_PROVIDER),
        eq(subscriptions.planId, 'annual'),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    );
}

/** Fills the install with the demo content (see the file's comment). */
export async function seedDemo(ctx: AppContext, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  assertSeedAllowed(ctx.env);
  const log = options.log ?? silentLog;
  const now = options.now ?? new Date();
  const n = Math.max(2, Math.min(options.count ?? DEMO_MEMBERS.length, DEMO_MEMBERS.length));
  const members = DEMO_MEMBERS.slice(0, n);
  const added = {
    subscriptions: 0,
    ratings: 0,
    services: 0,
    projects: 0,
    jobs: 0,
    applications: 0,
    events: 0,
    registrations: 0,
    partners: 0,
    contacts: 0,
    sharedProjects: 0,
    groups: 0,
    seats: 0,
    groupApplications: 0,
    waitlist: 0,
    recommendations: 0,
    oneToOnes: 0,
    testimonials: 0,
    forumTopics: 0,
    forumReplies: 0,
    notifications: 0,
  };
  const result = (alreadySeeded: boolean, total: number): SeedDemoResult => ({
    alreadySeeded,
    members: total,
    added,
    admin: credentials(DEMO_MEMBERS[DEMO_ADMIN_INDEX] as DemoMember),
    subscriber: credentials(DEMO_MEMBERS[DEMO_SUBSCRIBER_INDEX] as DemoMember),
    siteUrl: ctx.env.SITE_URL,
  });
  if (await isSeeded(ctx)) return result(true, await countDemoMembers(ctx));

  // 1. Accounts, profiles, avatars and subscriptions: each step is safe to run again.
  const tradeIds = new Map(
    (await ctx.db.select({ slug: trades.slug, id: trades.id }).from(trades)).map((t) => [t.slug, t.id]),
  );
  // The members of a group, of its waiting list or applying subscribe (a seat is for subscribers,
  // network-core §2), the admin and the printed member too: about half of the members.
  const subscribed = new Set<number>([
    DEMO_ADMIN_INDEX,
    DEMO_SUBSCRIBER_INDEX,
    ...DEMO_GROUPS.flatMap((g) => g.members.map(demoIndex)),
    ...DEMO_WAITLIST.members.map((m) => demoIndex(m.login)),
    demoIndex(DEMO_GROUP_APPLICATION.applicant),
  ]);
  const ids: string[] = [];
  for (const [index, member] of members.entries()) {
    const id = await ensureMember(ctx, member, tradeIds, log);
    ids.push(id);
    if (subscribed.has(index) && (await ensureSubscription(ctx, id, index, now))) added.subscriptions += 1;
  }
  const idOf = (index: number) => ids[index] as string;
  const has = (...indexes: number[]) => indexes.every((index) => index < n);

  // 2. Images of services, projects and partners, stored before the transaction that uses them.
  const services = DEMO_SERVICES.filter((s) => has(s.owner));
  const projects = DEMO_PROJECTS.filter((p) => has(p.owner));
  const serviceImages = new Map<number, string>();
  for (const [i, service] of services.entries()) {
    if (!service.image) continue;
    const color = (members[service.owner] as DemoMember).color;
    const png = await contentImage(service.title, color);
    serviceImages.set(i, (await storeContentImage(ctx, idOf(service.owner), png)).url);
  }
  const projectImages = new Map<number, string>();
  for (const [i, project] of projects.entries()) {
    if (!project.image) continue;
    const color = (members[project.owner] as DemoMember).color;
    const png = await contentImage(project.title, color);
    projectImages.set(i, (await storeContentImage(ctx, idOf(project.owner), png)).url);
  }
  const partners: (typeof partnerSites.$inferInsert)[] = [];
  for (const partner of DEMO_PARTNERS) {
    const id = randomUUID();
    const png = await drawImage({
      width: 512,
      height: 512,
      color: partner.color,
      text: initials(partner.name),
      fontSize: 200,
    });
    const logo = await processImage(png, imagePresets.logo);
    const key = `${id}/${randomBytes(12).toString('base64url')}.${logo.extension}`;
    await ctx.storage.put('partner-logos', key, logo.body, logo.contentType);
    partners.push({
      id,
      name: partner.name,
      description: partner.description,
      websiteUrl: partner.websiteUrl,
      logoUrl: ctx.storage.publicUrl('partner-logos', key),
      category: partner.category,
      isFeatured: partner.isFeatured,
      displayOrder: partner.displayOrder,
    });
  }

  // 3. Everything else in one transaction, the admin role last: a run that fails leaves no half.
  const rand = random(2026);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    // Ratings: every member rates four to six others, mostly well (1 to 5, never oneself).
    const ratings: (typeof memberRatings.$inferInsert)[] = [];
    const scores = [5, 5, 4, 4, 4, 3, 5, 2];
    for (let rater = 0; rater < n; rater++) {
      const wanted = Math.min(n - 1, 4 + Math.floor(rand() * 3));
      const rated = new Set<number>();
      while (rated.size < wanted) {
        const other = Math.floor(rand() * n);
        if (other !== rater) rated.add(other);
      }
      for (const other of rated) {
        ratings.push({
          raterId: idOf(rater),
          ratedId: idOf(other),
          rating: scores[Math.floor(rand() * scores.length)] as number,
        });
      }
    }
    added.ratings = (await tx.insert(memberRatings).values(ratings).onConflictDoNothing().returning()).length;

    if (services.length > 0) {
      const rows = await tx
        .insert(memberServices)
        .values(
          services.map((s, i) => ({
            userId: idOf(s.owner),
            title: s.title,
            description: s.description,
            features: s.features,
            imageUrl: serviceImages.get(i) ?? null,
            websiteUrl: (members[s.owner] as DemoMember).website,
            createdAt: daysAgo(3 + i * 2),
          })),
        )
        .returning({ id: memberServices.id });
      added.services = rows.length;
    }

    if (projects.length > 0) {
      const rows = await tx
        .insert(memberProjects)
        .values(
          projects.map((p, i) => ({
            userId: idOf(p.owner),
            title: p.title,
            description: p.description,
            category: p.category,
            tags: p.tags,
            projectUrl: p.url ?? null,
            imageUrl: projectImages.get(i) ?? null,
            createdAt: daysAgo(5 + i * 3),
          })),
        )
        .returning({ id: memberProjects.id });
      added.projects = rows.length;
    }

    for (const [i, job] of DEMO_JOBS.entries()) {
      if (!has(job.owner)) continue;
      const [row] = await tx
        .insert(jobPositions)
        .values({
          userId: idOf(job.owner),
          title: job.title,
          location: job.location,
          type: job.type,
          experience: job.experience,
          description: job.description,
          skills: job.skills,
          createdAt: daysAgo(2 + i * 4),
        })
        .returning({ id: jobPositions.id });
      if (!row) throw new Error('job not stored');
      added.jobs += 1;
      const applicants = job.applicants.filter(([member]) => has(member) && member !== job.owner);
      if (applicants.length > 0) {
        const inserted = await tx
          .insert(applications)
          .values(applicants.map(([member, message]) => ({ jobId: row.id, applicantId: idOf(member), message })))
          .onConflictDoNothing()
          .returning({ id: applications.id });
        added.applications += inserted.length;
      }
    }

    // Events copy their category's name and image, as the event form does.
    const categories = new Map(
      (await tx.select().from(eventCategories)).map((c) => [c.name, { id: c.id, imageUrl: c.imageUrl }]),
    );
    for (const [i, event] of DEMO_EVENTS.entries()) {
      if (!has(event.organizer)) continue;
      const category = categories.get(event.category);
      const [row] = await tx
        .insert(events)
        .values({
          organizerId: idOf(event.organizer),
          title: event.title,
          description: event.description,
          date: parisDate(now, event.inDays),
          time: event.time,
          location: event.location,
          maxAttendees: event.maxAttendees,
          categoryId: category?.id ?? null,
          category: category ? event.category : null,
          imageUrl: category?.imageUrl ?? null,
        })
        .returning({ id: events.id });
      if (!row) throw new Error('event not stored');
      added.events += 1;
      // Registrations: the printed member in a few, then others in turn; never above capacity.
      const capacity = Math.min(event.registrations, event.maxAttendees ?? Number.POSITIVE_INFINITY, n - 1);
      const attendees: number[] = [];
      if (DEMO_SUBSCRIBER_EVENTS.includes(i) && event.organizer !== DEMO_SUBSCRIBER_INDEX) {
        attendees.push(DEMO_SUBSCRIBER_INDEX);
      }
      for (let k = 0; attendees.length < capacity && k < n; k++) {
        const member = (i * 5 + 2 + k) % n;
        if (member !== event.organizer && !attendees.includes(member)) attendees.push(member);
      }
      const registered = attendees.slice(0, capacity);
      if (registered.length > 0) {
        const inserted = await tx
          .insert(eventRegistrations)
          .values(registered.map((member) => ({ eventId: row.id, userId: idOf(member) })))
          .onConflictDoNothing()
          .returning({ eventId: eventRegistrations.eventId });
        added.registrations += inserted.length;
      }
      // A full event keeps a waiting list (network-core §6): two members in line, the printed
      // member second when they are not registered, so /events shows `Liste d'attente` alive.
      if (event.maxAttendees !== null && registered.length >= event.maxAttendees) {
        const line = Array.from({ length: n }, (_, k) => (i * 7 + 3 + k) % n).filter(
          (member) => member !== event.organizer && !registered.includes(member) && member !== DEMO_SUBSCRIBER_INDEX,
        );
        const waiting = [
          line[0],
          registered.includes(DEMO_SUBSCRIBER_INDEX) || event.organizer === DEMO_SUBSCRIBER_INDEX
            ? line[1]
            : DEMO_SUBSCRIBER_INDEX,
        ].filter((member): member is number => member !== undefined);
        if (waiting.length > 0) {
          await tx
            .insert(eventWaitlist)
            .values(waiting.map((member, k) => ({ eventId: row.id, userId: idOf(member), createdAt: daysAgo(3 - k) })));
        }
      }
    }

    added.partners = (await tx.insert(partnerSites).values(partners).returning({ id: partnerSites.id })).length;

    for (const [i, contact] of DEMO_CONTACTS.entries()) {
      if (!has(contact.requester, contact.contact) || contact.requester === contact.contact) continue;
      const [row] = await tx
        .insert(memberContacts)
        .values({
          requesterId: idOf(contact.requester),
          contactId: idOf(contact.contact),
          message: contact.message,
          status: contact.accepted ? 'accepted' : 'pending',
          createdAt: daysAgo(10 - i),
          respondedAt: contact.accepted ? daysAgo(8 - i) : null,
        })
        .returning({ id: memberContacts.id });
      if (!row) throw new Error('contact request not stored');
      added.contacts += 1;
      if (contact.accepted) {
        await tx.insert(sharedProjects).values({
          contactRequestId: row.id,
          memberAId: idOf(contact.requester),
          memberBId: idOf(contact.contact),
          title: sharedProjectTitle(
            demoFullName(members[contact.requester] as DemoMember),
            demoFullName(members[contact.contact] as DemoMember),
          ),
          notes: contact.accepted.notes,
          status: contact.accepted.status,
        });
        added.sharedProjects += 1;
      }
    }

    await seedGroups(tx, { idOf, has, tradeIds, now, added });
    await seedRecommendations(tx, { idOf, has, now, added });
    await seedForum(tx, { idOf, has, now, added });
    await seedEngagement(tx, { idOf, has, now, added });
    await seedMissingTrades(tx, { now, added });
    if (has(3)) await seedQuotaHit(tx, idOf(3), now);

    await tx
      .insert(userRoles)
      .values({ userId: idOf(DEMO_ADMIN_INDEX), role: 'admin' })
      .onConflictDoNothing();
  });

  // The reputation scores of what was just seeded (network-core §7): a first look shows them.
  await recomputeScores(ctx.db, now);

  await seedRenewalDue(ctx, idOf(DEMO_SUBSCRIBER_INDEX), now);
  await seedPlacePhotos(ctx, log);
  await seedWebhookAddress(ctx, idOf(DEMO_ADMIN_INDEX));
  if (has(DEMO_SUBSCRIBER_INDEX, 2)) await seedSelfBilling(ctx, idOf(DEMO_SUBSCRIBER_INDEX), idOf(2), now);
  // Issue 32: the demo's invoices, all issued before the server's first start, go to the plateforme
  // agréée's simulator too (domain/einvoicing/worker.ts deposits documents issued since this day).
  await ctx.db
    .insert(installation)
    .values({ key: EINVOICING_SINCE_KEY, value: new Date(now.getTime() - 2 * 366 * DAY_MS).toISOString() })
    .onConflictDoNothing();
  return result(false, await countDemoMembers(ctx));
}

/**
 * An outgoing webhook address for /admin/webhooks (issue 33), paused: its host is under the
 * reserved `.example` domain, so nothing is ever sent anywhere; the admin sees an address with its
 * events and replaces it with their CRM's own.
 */
async function seedWebhookAddress(ctx: AppContext, adminId: string) {
  const [any] = await ctx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).limit(1);
  if (any) return;
  await ctx.db.insert(webhookEndpoints).values({
    url: 'https://crm.synergie-pro.example/webhooks/synergie',
    description: 'CRM du réseau (exemple en pause\u00a0: remplacez-le par l’adresse de votre outil)',
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    events: ['recommendation.created', 'business.confirmed', 'member.joined'],
    active: false,
    createdBy: adminId,
  });
}

/**
 * Each demo group's meeting place (issue 31), as its leaders would upload a photo: an
 * illustration drawn here (a façade, its door and the place's name on its awning; no file of
 * anyone else's), through the same path as an upload (domain/groups/place-photo.ts).
 */
async function seedPlacePhotos(ctx: AppContext, log: Log) {
  for (const [i, group] of DEMO_GROUPS.entries()) {
    const [row] = await ctx.db
      .select({ id: groups.id, photo: groups.placePhotoUrl })
      .from(groups)
      .where(eq(groups.slug, group.slug));
    if (!row || row.photo) continue;
    await setGroupPlacePhoto(ctx, row.id, await placeImage(group.meetingPlace.split(',')[0] ?? group.name, i), log);
  }
}

/** A venue's façade in SVG, 1600 × 900, turned into a PNG: `name` on the awning. */
function placeImage(name: string, variant: number) {
  const walls = ['#e7d8c9', '#d9e2ec', '#e8e1d3'][variant % 3];
  const awning = ['#1d4ed8', '#0f766e', '#b45309'][variant % 3];
  const windows = [0, 1, 2, 3]
    .map(
      (k) =>
        `<rect x="${200 + k * 330}" y="150" width="170" height="190" rx="8" fill="#9fb8d0" stroke="#5b6b7a" stroke-width="6"/>` +
        `<line x1="${285 + k * 330}" y1="150" x2="${285 + k * 330}" y2="340" stroke="#5b6b7a" stroke-width="4"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <rect width="1600" height="900" fill="#cfe3f4"/>
  <rect x="120" y="90" width="1360" height="760" fill="${walls}" stroke="#8a7f73" stroke-width="6"/>
  ${windows}
  <path d="M120 420 H1480 L1430 520 H170 Z" fill="${awning}"/>
  <text x="800" y="488" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="54" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>
  <rect x="680" y="560" width="240" height="290" rx="10" fill="#5b4636"/>
  <circle cx="890" cy="710" r="10" fill="#e0c070"/>
  <rect x="220" y="580" width="340" height="200" rx="8" fill="#9fb8d0" stroke="#5b6b7a" stroke-width="6"/>
  <rect x="1040" y="580" width="340" height="200" rx="8" fill="#9fb8d0" stroke="#5b6b7a" stroke-width="6"/>
  <rect x="0" y="850" width="1600" height="50" fill="#a3a3a3"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The three demo groups (network-core §2), written directly under the database's own rules (one
 * member per seat, one seat per member, at most 50, one holder per leader role): members on their
 * own trade's seat, the leaders named, Lyon's pending application with an objection and its
 * waiting list on the agent immobilier seat, and each step in the group's history. Open seats are
 * every trade no one holds. Inside the seed's transaction, so it is written once, like the rest.
 */
async function seedGroups(
  tx: Tx,
  options: {
    idOf: (index: number) => string;
    has: (...indexes: number[]) => boolean;
    tradeIds: Map<string, string>;
    now: Date;
    added: SeedDemoResult['added'];
  },
) {
  const { idOf, has, tradeIds, now, added } = options;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const tradeOf = (index: number) => {
    const member = DEMO_MEMBERS[index] as DemoMember;
    const id = tradeIds.get(member.trade);
    if (!id) throw new Error(`trade ${member.trade} missing from the catalogue`);
    return id;
  };
  const nameOf = (index: number) => demoFullName(DEMO_MEMBERS[index] as DemoMember);
  const groupIds = new Map<string, string>();
  for (const group of DEMO_GROUPS) {
    const { members: logins, leaders, openedDaysAgo, ...values } = group;
    const opened = daysAgo(openedDaysAgo);
    const [row] = await tx
      .insert(groups)
      .values({ ...values, createdAt: opened, updatedAt: opened })
      .returning({ id: groups.id });
    if (!row) throw new Error('group not stored');
    groupIds.set(group.slug, row.id);
    added.groups += 1;
    const history: (typeof groupHistory.$inferInsert)[] = [
      { groupId: row.id, kind: 'created', actorId: idOf(DEMO_ADMIN_INDEX), createdAt: opened },
    ];
    const seated = logins.map(demoIndex).filter((index) => has(index));
    const roleOf = new Map(Object.entries(leaders).map(([role, login]) => [demoIndex(login), role as LeaderRole]));
    const president = seated.find((index) => roleOf.get(index) === 'president') ?? DEMO_ADMIN_INDEX;
    for (const [i, index] of seated.entries()) {
      // The three founders on the first day, then the others at regular intervals since.
      const joinedAt = daysAgo(
        Math.max(3, openedDaysAgo - (i < 3 ? 0 : (i - 2) * Math.floor(openedDaysAgo / seated.length))),
      );
      const role = roleOf.get(index) ?? null;
      await tx
        .insert(groupMembers)
        .values({ groupId: row.id, userId: idOf(index), tradeId: tradeOf(index), role, joinedAt });
      added.seats += 1;
      history.push({
        groupId: row.id,
        kind: 'accepted',
        actorId: idOf(index === president ? DEMO_ADMIN_INDEX : president),
        subjectId: idOf(index),
        subjectName: nameOf(index),
        tradeId: tradeOf(index),
        createdAt: joinedAt,
      });
      if (role) {
        history.push({
          groupId: row.id,
          kind: 'role_named',
          actorId: idOf(DEMO_ADMIN_INDEX),
          subjectId: idOf(index),
          subjectName: nameOf(index),
          message: leaderRoleLabel(role, (DEMO_MEMBERS[index] as DemoMember).titleForm),
          createdAt: new Date(joinedAt.getTime() + 60 * 60 * 1000),
        });
      }
    }
    await tx.insert(groupHistory).values(history);
  }

  // Lyon: a pending application, two days old (the 7-day objection period runs), one objection.
  const application = DEMO_GROUP_APPLICATION;
  const applicant = demoIndex(application.applicant);
  const objector = demoIndex(application.objection.by);
  const applicationGroup = groupIds.get(application.group) as string;
  if (has(applicant, objector)) {
    const createdAt = daysAgo(application.daysAgo);
    const [row] = await tx
      .insert(groupApplications)
      .values({
        groupId: applicationGroup,
        userId: idOf(applicant),
        tradeId: tradeOf(applicant),
        message: application.message,
        objectionPeriodEndsAt: new Date(createdAt.getTime() + OBJECTION_PERIOD_DAYS * DAY_MS),
        createdAt,
      })
      .returning({ id: groupApplications.id });
    if (!row) throw new Error('application not stored');
    added.groupApplications += 1;
    const objectedAt = daysAgo(application.objection.daysAgo);
    await tx.insert(groupObjections).values({
      applicationId: row.id,
      userId: idOf(objector),
      reason: application.objection.reason,
      createdAt: objectedAt,
    });
    await tx.insert(groupHistory).values([
      {
        groupId: applicationGroup,
        kind: 'application',
        actorId: idOf(applicant),
        subjectId: idOf(applicant),
        subjectName: nameOf(applicant),
        tradeId: tradeOf(applicant),
        createdAt,
      },
      {
        groupId: applicationGroup,
        kind: 'objection',
        actorId: idOf(objector),
        subjectId: idOf(applicant),
        subjectName: nameOf(applicant),
        tradeId: tradeOf(applicant),
        message: application.objection.reason,
        createdAt: objectedAt,
      },
    ]);
  }

  // Lyon: the agent immobilier seat is held; two members wait in line, in this order.
  const waitlistGroup = groupIds.get(DEMO_WAITLIST.group) as string;
  const tradeId = tradeIds.get(DEMO_WAITLIST.trade) as string;
  for (const { login, daysAgo: ago } of DEMO_WAITLIST.members) {
    const index = demoIndex(login);
    if (!has(index)) continue;
    await tx
      .insert(seatWaitlist)
      .values({ groupId: waitlistGroup, tradeId, userId: idOf(index), createdAt: daysAgo(ago) });
    added.waitlist += 1;
  }

  // Meetings (network-core §4): the generator's next weeks for every demo group, and Lyon's last
  // three meetings, so attendance has a history.
  await generateMeetings({ db: tx }, now, [...groupIds.values()]);
  const lyon = DEMO_GROUPS.find((g) => g.slug === DEMO_WAITLIST.group);
  const lyonId = lyon && groupIds.get(lyon.slug);
  if (lyon && lyonId) {
    const past = rhythmDates(lyon, new Date(now.getTime() - MEETING_WEEKS_AHEAD * 7 * DAY_MS))
      .filter((m) => m.endsAt.getTime() < now.getTime())
      .slice(-3);
    if (past.length > 0) {
      await tx
        .insert(meetings)
        .values(past.map((m) => ({ groupId: lyonId, place: lyon.meetingPlace, ...m })))
        .onConflictDoNothing({ target: [meetings.groupId, meetings.scheduledOn] });
    }
    // Hybrid meetings (issue 30): the rhythm's visio link, a made-up address of the example.fr kind.
    await tx.update(groups).set({ visioUrl: DEMO_LYON_VISIO_URL }).where(eq(groups.id, lyonId));
    await seedLiveMeeting(tx, { groupId: lyonId, place: lyon.meetingPlace, now });
    await seedAttendanceAndGuests(tx, { groupId: lyonId, idOf, has, now });
    await seedLastMinutes(tx, { groupId: lyonId, now });
    await seedLiveRound(tx, { groupId: lyonId, adminId: idOf(DEMO_ADMIN_INDEX), now });
    await seedSelfRegisteredVisitor(tx, { groupId: lyonId, now });
  }
  // 12 weeks of meetings and attendance for every demo group: the leaders' `Vue d'ensemble`
  // (issue 29) is alive on a first look, and Lyon's président compares it with another group.
  await seedHealthHistory(tx, {
    groups: DEMO_GROUPS.flatMap((g) => {
      const id = groupIds.get(g.slug);
      return id ? [{ ...g, id }] : [];
    }),
    // The notary's `Orange` score (seedEngagement) stays as planned: excused, her attendance
    // counts neither for nor against her score; the overview counts her not present.
    excused: new Set(has(demoIndex('claire.dubois')) ? [idOf(demoIndex('claire.dubois'))] : []),
    // The président (the printed admin, `Vert`) comes to every meeting.
    present: new Set([idOf(DEMO_ADMIN_INDEX)]),
    now,
  });
  await seedRecentMinutes(tx, now);
}

/**
 * The weeks before the meetings above, back to HEALTH_WEEKS (issue 29): each demo group's
 * meetings by its rhythm, attendance recorded by the secretary (a group's own habit: Lyon about 9
 * in 10 present, Champigny about 3 in 4, Paris about 2 in 3), and one of Lyon's cancelled. The
 * meetings already there (Lyon's last three, today's) are left as they are.
 */
async function seedHealthHistory(
  tx: Tx,
  options: {
    groups: (Parameters<typeof rhythmDates>[0] & { id: string; slug: string; meetingPlace: string })[];
    excused: Set<string>;
    present: Set<string>;
    now: Date;
  },
) {
  const { groups: list, excused, present, now } = options;
  const from = now.getTime() - HEALTH_WEEKS * 7 * DAY_MS;
  const absentEvery: Record<string, number> = { 'lyon-confluence': 9, 'champigny-sur-marne': 4, 'paris-11e': 3 };
  for (const [g, group] of list.entries()) {
    const dates = new Map<string, { scheduledOn: string; startsAt: Date; endsAt: Date }>();
    for (let start = from; start < now.getTime(); start += MEETING_WEEKS_AHEAD * 7 * DAY_MS) {
      for (const d of rhythmDates(group, new Date(start))) {
        if (d.endsAt.getTime() < now.getTime() - 12 * 3_600_000) dates.set(d.scheduledOn, d);
      }
    }
    if (dates.size === 0) continue;
    const inserted = await tx
      .insert(meetings)
      .values([...dates.values()].map((d) => ({ groupId: group.id, place: group.meetingPlace, ...d })))
      .onConflictDoNothing({ target: [meetings.groupId, meetings.scheduledOn] })
      .returning({ id: meetings.id, startsAt: meetings.startsAt });
    inserted.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const cancelled = group.slug === 'lyon-confluence' ? inserted[3] : undefined;
    if (cancelled) {
      await tx
        .update(meetings)
        .set({ status: 'cancelled', changeMessage: 'Salle indisponible ce jour-là\u202f: réunion annulée.' })
        .where(eq(meetings.id, cancelled.id));
    }
    const seated = await tx
      .select({ userId: groupMembers.userId, joinedAt: groupMembers.joinedAt })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.status, 'active')))
      .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
    const every = absentEvery[group.slug] ?? 4;
    const rows: (typeof meetingAttendance.$inferInsert)[] = [];
    for (const [m, meeting] of inserted.entries()) {
      if (meeting === cancelled) continue;
      for (const [i, member] of seated.entries()) {
        if (member.joinedAt.getTime() > meeting.startsAt.getTime()) continue;
        const k = (i * 7 + m * 3 + g) % every;
        const status = excused.has(member.userId)
          ? 'excused'
          : present.has(member.userId)
            ? 'present'
            : k === 0
              ? m % 2 === 0
                ? 'absent'
                : 'excused'
              : k === 1 && m % 3 === 0
                ? 'late'
                : 'present';
        rows.push({ meetingId: meeting.id, userId: member.userId, status, source: 'secretary' });
      }
    }
    if (rows.length) await tx.insert(meetingAttendance).values(rows).onConflictDoNothing();
  }
}

/**
 * Lyon's meeting of the day (DEMO_LIVE_MEETING_MINUTES): the day's generated meeting moved to
 * its hour, or a new one; its presenter is a seated member other than the demo admin.
 */
async function seedLiveMeeting(tx: Tx, options: { groupId: string; place: string; now: Date }) {
  const { groupId, place, now } = options;
  const startsAt = new Date(now.getTime() + DEMO_LIVE_MEETING_MINUTES * 60_000);
  const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
  const [presenter] = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'active'), isNull(groupMembers.role)))
    .orderBy(asc(groupMembers.joinedAt))
    .limit(1);
  await tx
    .insert(meetings)
    .values({ groupId, scheduledOn: parisToday(startsAt), startsAt, endsAt, place, presenterId: presenter?.userId })
    .onConflictDoUpdate({
      target: [meetings.groupId, meetings.scheduledOn],
      set: { startsAt, endsAt, status: 'scheduled', presenterId: presenter?.userId ?? null },
    });
}

/**
 * Visitors who register themselves (issue 30): one visitor registered on
 * /groupes/{slug}/visiter for Lyon's meeting of the day, on a trade no Lyon member holds (the
 * seat is free), so the leaders' `Visiteurs` tab and the minutes show a self-registered visitor.
 */
async function seedSelfRegisteredVisitor(tx: Tx, options: { groupId: string; now: Date }) {
  const { groupId, now } = options;
  const [today] = await tx
    .select({ id: meetings.id, startsAt: meetings.startsAt })
    .from(meetings)
    .where(
      and(
        eq(meetings.groupId, groupId),
        eq(meetings.scheduledOn, parisToday(new Date(now.getTime() + DEMO_LIVE_MEETING_MINUTES * 60_000))),
      ),
    )
    .limit(1);
  if (!today) return;
  const held = tx.select({ tradeId: groupMembers.tradeId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  const [free] = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(notInArray(trades.id, held))
    .orderBy(asc(trades.label))
    .limit(1);
  await tx
    .insert(guests)
    .values({
      meetingId: today.id,
      groupId,
      name: 'Léa Fontaine',
      email: 'lea.fontaine@example.fr',
      phone: '+33633445566',
      company: 'Fontaine Traduction',
      tradeId: free?.id ?? null,
      consentAt: new Date(now.getTime() - 3_600_000),
      status: 'registered',
      source: 'self',
      confirmedAt: new Date(now.getTime() - 3_600_000),
      lastMeetingAt: today.startsAt,
    })
    .onConflictDoNothing();
}

/**
 * The live meeting (issue 30) on a first look: eight of Lyon's members have already scanned the
 * QR code of the day's meeting (the président, the printed admin, has not: he scans it or
 * launches the meeting), so `Lancer la réunion` opens on a round; half of the members agreed
 * that their business is announced with its amount at `Merci pour les affaires`.
 */
async function seedLiveRound(tx: Tx, options: { groupId: string; adminId: string; now: Date }) {
  const { groupId, adminId, now } = options;
  const [today] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.groupId, groupId),
        eq(meetings.scheduledOn, parisToday(new Date(now.getTime() + DEMO_LIVE_MEETING_MINUTES * 60_000))),
      ),
    )
    .limit(1);
  if (!today) return;
  const seated = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'active')))
    .orderBy(asc(groupMembers.joinedAt));
  const others = seated.filter((m) => m.userId !== adminId);
  const early = others.slice(0, 8);
  if (early.length > 0) {
    await tx
      .insert(meetingAttendance)
      .values(
        early.map((m, i) => ({
          meetingId: today.id,
          userId: m.userId,
          status: 'present',
          checkedInAt: new Date(now.getTime() - (early.length - i) * 60_000),
          source: 'qr',
          recordedBy: m.userId,
        })),
      )
      .onConflictDoNothing();
  }
  const announcing = others.filter((_, i) => i % 2 === 0).map((m) => m.userId);
  if (announcing.length > 0) {
    await tx.update(profiles).set({ announceBusinessAmount: true }).where(inArray(profiles.userId, announcing));
  }
}

/**
 * The minutes (`Compte rendu`, issue 30) of Lyon's last past meeting, so the demo shows one: its
 * attendance and its visitor above. Written without telling anyone: the demo mails nobody at
 * seeding (the minutes of the meeting of the day are mailed when the secretary ends it).
 */
async function seedLastMinutes(tx: Tx, options: { groupId: string; now: Date }) {
  const [last] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(eq(meetings.groupId, options.groupId), lt(meetings.endsAt, options.now), eq(meetings.status, 'scheduled')),
    )
    .orderBy(desc(meetings.endsAt))
    .limit(1);
  if (last) await generateMinutesIn(tx, null, last.id, options.now);
}

/**
 * The minutes of every demo meeting that ended within the job's catch-up window
 * (MINUTES_CATCH_UP_HOURS), written without telling anyone: the first start after seeding then
 * mails nobody about meetings that were over before the install existed.
 */
async function seedRecentMinutes(tx: Tx, now: Date) {
  const recent = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        lt(meetings.endsAt, now),
        gt(meetings.endsAt, new Date(now.getTime() - MINUTES_CATCH_UP_HOURS * 3_600_000)),
        eq(meetings.status, 'scheduled'),
      ),
    );
  for (const { id } of recent) await generateMinutesIn(tx, null, id, now);
}

/**
 * Lyon's attendance at its last three meetings (every status of network-core §4, a substitute
 * included) and guests (§5): one who came to the last meeting and is followed up, one registered
 * and one invited for the next meeting, all invited with their consent by the demo admin or the
 * printed subscriber. The guests' addresses are of the reserved example.fr kind: no mail leaves.
 */
async function seedAttendanceAndGuests(
  tx: Tx,
  options: { groupId: string; idOf: (index: number) => string; has: (...indexes: number[]) => boolean; now: Date },
) {
  const { groupId, idOf, has, now } = options;
  const all = await tx
    .select({ id: meetings.id, startsAt: meetings.startsAt })
    .from(meetings)
    .where(eq(meetings.groupId, groupId))
    .orderBy(asc(meetings.startsAt));
  const past = all.filter((m) => m.startsAt.getTime() < now.getTime());
  const next = all.find((m) => m.startsAt.getTime() > now.getTime());
  const seated = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'active')))
    .orderBy(asc(groupMembers.joinedAt));
  const statuses = ['present', 'present', 'late', 'present', 'excused', 'present', 'absent', 'present'] as const;
  const rows: (typeof meetingAttendance.$inferInsert)[] = [];
  for (const [m, meeting] of past.entries()) {
    for (const [i, { userId }] of seated.entries()) {
      // At the last meeting: one member substituted, one followed it from afar (`Je suis connecté`).
      const last = m === past.length - 1;
      const status = last && i === 3 ? 'substituted' : last && i === 5 ? 'remote' : statuses[(i + m) % statuses.length];
      rows.push({
        meetingId: meeting.id,
        userId,
        status: status ?? 'present',
        substituteName: status === 'substituted' ? 'Lucas Fontaine' : null,
        checkedInAt: status === 'present' || status === 'late' || status === 'remote' ? meeting.startsAt : null,
        source: status === 'present' ? 'qr' : status === 'remote' ? 'connected' : 'secretary',
        recordedBy: status === 'present' ? null : status === 'remote' ? userId : idOf(DEMO_ADMIN_INDEX),
      });
    }
  }
  if (rows.length) await tx.insert(meetingAttendance).values(rows);

  const last = past.at(-1);
  const inviter = has(DEMO_SUBSCRIBER_INDEX) ? idOf(DEMO_SUBSCRIBER_INDEX) : idOf(DEMO_ADMIN_INDEX);
  const guestRows: (typeof guests.$inferInsert)[] = [];
  if (last) {
    guestRows.push({
      meetingId: last.id,
      groupId,
      invitedBy: idOf(DEMO_ADMIN_INDEX),
      name: 'Camille Rousseau',
      email: 'camille.rousseau@example.fr',
      phone: '+33611223344',
      company: 'Rousseau Paysages',
      consentAt: new Date(last.startsAt.getTime() - 6 * DAY_MS),
      status: 'followed_up',
      confirmedAt: new Date(last.startsAt.getTime() - 5 * DAY_MS),
      checkedInAt: last.startsAt,
      lastMeetingAt: last.startsAt,
    });
  }
  if (next) {
    guestRows.push(
      {
        meetingId: next.id,
        groupId,
        invitedBy: inviter,
        name: 'Antoine Béranger',
        email: 'antoine.beranger@example.fr',
        company: 'Béranger Assurances',
        consentAt: new Date(now.getTime() - 2 * DAY_MS),
        status: 'registered',
        confirmedAt: new Date(now.getTime() - DAY_MS),
        lastMeetingAt: next.startsAt,
      },
      {
        meetingId: next.id,
        groupId,
        invitedBy: idOf(DEMO_ADMIN_INDEX),
        name: 'Inès Moulin',
        email: 'ines.moulin@example.fr',
        phone: '+33622334455',
        company: 'Atelier Moulin',
        consentAt: new Date(now.getTime() - DAY_MS),
        status: 'invited',
        lastMeetingAt: next.startsAt,
      },
    );
  }
  if (guestRows.length) await tx.insert(guests).values(guestRows);
}

/**
 * The network's loop (network-core §3, §8): recommendations at every status with their history,
 * closed business confirmed, declared and disputed, one-to-ones and testimonials, and the
 * notifications each step wrote. Those older than ten days are read. The printed subscriber
 * (`membre`) gets the follow-up of the recommendations they gave as a daily digest, and two of
 * them are still waiting for it: the digest job sends it at its next run after 07:00 (Paris), so
 * a first look at /dev/mailbox shows a digest with its one-click unsubscribe.
 */
async function seedRecommendations(
  tx: Tx,
  options: {
    idOf: (index: number) => string;
    has: (...indexes: number[]) => boolean;
    now: Date;
    added: SeedDemoResult['added'];
  },
) {
  const { idOf, has, now, added } = options;
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const nameOf = (index: number) => demoFullName(DEMO_MEMBERS[index] as DemoMember);
  const homeGroups = new Map(
    (
      await tx
        .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.status, 'active'))
    ).map((r) => [r.userId, r.groupId]),
  );
  const subscriber = idOf(DEMO_SUBSCRIBER_INDEX);
  const notes: (typeof notifications.$inferInsert)[] = [];
  const note = (userId: string, kind: NotificationKind, title: string, link: string, createdAt: Date) => {
    const old = now.getTime() - createdAt.getTime() > 10 * DAY_MS;
    const digest = userId === subscriber && kind === 'recommendation_updated';
    notes.push({
      userId,
      kind,
      title,
      link,
      createdAt,
      email: digest ? 'daily' : 'immediate',
      emailedAt: digest && !old ? null : createdAt,
      readAt: old ? createdAt : null,
    });
  };

  for (const demo of DEMO_RECOMMENDATIONS) {
    const giver = demoIndex(demo.giver);
    const receiver = demoIndex(demo.receiver);
    if (!has(giver, receiver)) continue;
    const givenAt = at(demo.daysAgo);
    const last = demo.steps.at(-1);
    const status: RecommendationStatus = last?.status ?? 'received';
    const statusChangedAt = last ? at(demo.daysAgo - last.afterDays) : givenAt;
    const business = status === 'won' ? demo.business : undefined;
    const answeredAt = business?.answer ? at(Math.max(0, demo.daysAgo - (last?.afterDays ?? 0) - 2)) : null;
    const [row] = await tx
      .insert(recommendations)
      .values({
        giverId: idOf(giver),
        receiverId: idOf(receiver),
        giverGroupId: homeGroups.get(idOf(giver)) ?? null,
        receiverGroupId: homeGroups.get(idOf(receiver)) ?? null,
        kind: demo.kind,
        contactName: demo.contact?.name ?? null,
        contactPhone: demo.contact?.phone ? demo.contact.phone.replace(/^0/, '+33') : null,
        contactEmail: demo.contact?.email ?? null,
        contactCompany: demo.contact?.company ?? null,
        need: demo.need,
        consentAt: demo.kind === 'external' ? givenAt : null,
        heat: demo.heat,
        message: demo.message,
        status,
        statusChangedAt,
        lostReason: status === 'lost' ? (demo.lostReason ?? null) : null,
        remindedAt: demo.reminded ? at(demo.daysAgo - 7) : null,
        amountCents: business?.amountCents ?? null,
        businessStatus: business ? (business.answer ?? 'declared') : null,
        businessDeclaredAt: business ? statusChangedAt : null,
        businessAnsweredAt: answeredAt,
        disputeReason: business?.answer === 'disputed' ? (business.disputeReason ?? null) : null,
        createdAt: givenAt,
      })
      .returning({ id: recommendations.id });
    if (!row) throw new Error('recommendation not stored');
    added.recommendations += 1;
    const link = `/recommandations/${row.id}`;
    const history: (typeof recommendationEvents.$inferInsert)[] = [
      { recommendationId: row.id, kind: 'given', toStatus: 'received', actorId: idOf(giver), createdAt: givenAt },
    ];
    note(
      idOf(receiver),
      'recommendation_received',
      demo.kind === 'external'
        ? `${nameOf(giver)} vous recommande un contact externe`
        : `${nameOf(giver)} a besoin de vos services`,
      link,
      givenAt,
    );
    let from: RecommendationStatus = 'received';
    for (const step of demo.steps) {
      const when = at(demo.daysAgo - step.afterDays);
      history.push({
        recommendationId: row.id,
        kind: 'status',
        fromStatus: from,
        toStatus: step.status,
        amountCents: step.status === 'won' ? (business?.amountCents ?? null) : null,
        note: step.status === 'lost' ? (demo.lostReason ?? step.note ?? null) : (step.note ?? null),
        actorId: idOf(receiver),
        createdAt: when,
      });
      note(
        idOf(giver),
        'recommendation_updated',
        `${nameOf(receiver)} a fait avancer votre recommandation\u202f: ${RECOMMENDATION_STATUS_LABELS[step.status]}`,
        link,
        when,
      );
      from = step.status;
    }
    if (business) {
      note(
        idOf(giver),
        'business_to_confirm',
        `${nameOf(receiver)} déclare une affaire conclue de ${formatMoney(business.amountCents)} HT\u202f: confirmez-vous\u202f?`,
        link,
        statusChangedAt,
      );
    }
    if (business?.answer && answeredAt) {
      history.push({
        recommendationId: row.id,
        kind: business.answer === 'confirmed' ? 'business_confirmed' : 'business_disputed',
        amountCents: business.amountCents,
        note: business.answer === 'disputed' ? (business.disputeReason ?? null) : null,
        actorId: idOf(giver),
        createdAt: answeredAt,
      });
      note(
        idOf(receiver),
        'business_to_confirm',
        business.answer === 'confirmed'
          ? `${nameOf(giver)} confirme l’affaire conclue de ${formatMoney(business.amountCents)} HT`
          : `${nameOf(giver)} conteste le montant de l’affaire conclue`,
        link,
        answeredAt,
      );
    }
    if (demo.reminded) {
      const remindedAt = at(demo.daysAgo - 7);
      history.push({ recommendationId: row.id, kind: 'reminded', actorId: null, createdAt: remindedAt });
      note(
        idOf(receiver),
        'recommendation_received',
        `La recommandation de ${nameOf(giver)} attend votre suivi depuis 7 jours`,
        link,
        remindedAt,
      );
    }
    await tx.insert(recommendationEvents).values(history);
  }

  for (const demo of DEMO_ONE_TO_ONES) {
    const requester = demoIndex(demo.requester);
    const partner = demoIndex(demo.partner);
    if (!has(requester, partner)) continue;
    const createdAt = at(demo.daysAgo - 1);
    await tx.insert(oneToOnes).values({
      requesterId: idOf(requester),
      partnerId: idOf(partner),
      metOn: parisDate(now, -demo.daysAgo),
      place: demo.place,
      requesterNotes: demo.notes,
      status: demo.confirmed ? 'confirmed' : 'pending',
      answeredAt: demo.confirmed ? at(demo.daysAgo - 2) : null,
      createdAt,
    });
    added.oneToOnes += 1;
    note(
      idOf(partner),
      'one_to_one',
      `${nameOf(requester)} indique vous avoir rencontré en tête-à-tête`,
      '/tete-a-tete',
      createdAt,
    );
  }

  for (const demo of DEMO_TESTIMONIALS) {
    const author = demoIndex(demo.author);
    const subject = demoIndex(demo.subject);
    if (!has(author, subject)) continue;
    const createdAt = at(demo.daysAgo);
    await tx.insert(testimonials).values({
      authorId: idOf(author),
      subjectId: idOf(subject),
      body: demo.body,
      status: demo.status,
      decidedAt: demo.status === 'approved' ? at(Math.max(0, demo.daysAgo - 1)) : null,
      createdAt,
    });
    added.testimonials += 1;
    note(idOf(subject), 'testimonial', `${nameOf(author)} vous a écrit un témoignage`, '/temoignages', createdAt);
  }

  if (notes.length) {
    added.notifications = (await tx.insert(notifications).values(notes).returning({ id: notifications.id })).length;
  }
  if (has(DEMO_SUBSCRIBER_INDEX)) {
    await tx
      .insert(notificationSettings)
      .values({ userId: subscriber, kind: 'recommendation_updated', frequency: 'daily' })
      .onConflictDoNothing();
  }
}

/**
 * Six months of a committed member's habits for two of Lyon's members, so that /score and the
 * leaders' page show every colour on a first look (network-core §7): the président (the printed
 * admin) passes a recommendation a week and meets a member every two weeks (`Vert`), the notary
 * half as often (`Orange`). Their older rows are part of the demo's history like the rest.
 */
/**
 * `Les métiers qui manquent à votre groupe` alive for Lyon (issue 29): Lyon is alone in its
 * région, so its groups like it are the network's others (Paris 11e, Champigny). In those, the
 * first three members whose trade Lyon lacks each receive a few recommendations from a member of
 * their own group (4, 3, then 2, `Reçue`), with their `given` step.
 */
async function seedMissingTrades(tx: Tx, options: { now: Date; added: SeedDemoResult['added'] }) {
  const { now, added } = options;
  const seats = await tx
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      tradeId: groupMembers.tradeId,
      slug: groups.slug,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.status, 'active'))
    .orderBy(asc(groups.slug), asc(groupMembers.joinedAt), asc(groupMembers.userId));
  const lyonTrades = new Set(seats.filter((s) => s.slug === 'lyon-confluence').map((s) => s.tradeId));
  const receivers = seats.filter((s) => s.slug !== 'lyon-confluence' && !lyonTrades.has(s.tradeId)).slice(0, 3);
  for (const [rank, receiver] of receivers.entries()) {
    const giver = seats.find((s) => s.groupId === receiver.groupId && s.userId !== receiver.userId);
    if (!giver) continue;
    for (let k = 0; k < 4 - rank; k += 1) {
      const given = new Date(now.getTime() - (11 * k + 4 + rank) * DAY_MS);
      const [row] = await tx
        .insert(recommendations)
        .values({
          giverId: giver.userId,
          receiverId: receiver.userId,
          giverGroupId: giver.groupId,
          receiverGroupId: receiver.groupId,
          kind: 'for_you',
          heat: 3,
          message: 'Un client du groupe cherche ce métier',
          status: 'received',
          statusChangedAt: given,
          createdAt: given,
        })
        .returning({ id: recommendations.id });
      if (!row) throw new Error('recommendation not stored');
      await tx.insert(recommendationEvents).values({
        recommendationId: row.id,
        kind: 'given',
        toStatus: 'received',
        actorId: giver.userId,
        createdAt: given,
      });
      added.recommendations += 1;
    }
  }
}

async function seedEngagement(
  tx: Tx,
  options: {
    idOf: (index: number) => string;
    has: (...indexes: number[]) => boolean;
    now: Date;
    added: SeedDemoResult['added'];
  },
) {
  const { idOf, has, now, added } = options;
  const lyon = DEMO_GROUPS.find((g) => g.slug === 'lyon-confluence');
  if (!lyon) return;
  const members = lyon.members.map(demoIndex).filter((i) => has(i));
  const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.slug, lyon.slug));
  const plans = [
    { member: DEMO_ADMIN_INDEX, recommendations: 24, oneToOnes: 12, testimonials: 3 },
    { member: demoIndex('claire.dubois'), recommendations: 12, oneToOnes: 7, testimonials: 0 },
  ];
  const needs = [
    'Un client cherche un notaire pour une donation',
    'Un couple prépare un achat en VEFA',
    'Une boulangerie veut refaire sa vitrine avant l’été',
    'Un dirigeant prépare la transmission de son entreprise',
    'Un particulier cherche un architecte pour une extension',
    'Une PME veut un site plus rapide',
  ];
  for (const plan of plans) {
    if (!has(plan.member)) continue;
    const others = members.filter((i) => i !== plan.member);
    if (others.length === 0) continue;
    for (let k = 0; k < plan.recommendations; k += 1) {
      const receiver = others[k % others.length] as number;
      const given = new Date(now.getTime() - (7 * k + 3) * DAY_MS);
      const contacted = k >= 2;
      const [row] = await tx
        .insert(recommendations)
        .values({
          giverId: idOf(plan.member),
          receiverId: idOf(receiver),
          giverGroupId: group?.id ?? null,
          receiverGroupId: group?.id ?? null,
          kind: 'for_you',
          heat: 2 + (k % 4),
          message: needs[k % needs.length],
          status: contacted ? 'contacted' : 'received',
          statusChangedAt: new Date(given.getTime() + (contacted ? 2 * DAY_MS : 0)),
          createdAt: given,
        })
        .returning({ id: recommendations.id });
      if (!row) throw new Error('recommendation not stored');
      // Its history, as the pages show it: given, then contacted two days later.
      await tx.insert(recommendationEvents).values([
        { recommendationId: row.id, kind: 'given', toStatus: 'received', actorId: idOf(plan.member), createdAt: given },
        ...(contacted
          ? [
              {
                recommendationId: row.id,
                kind: 'status',
                fromStatus: 'received',
                toStatus: 'contacted',
                actorId: idOf(receiver),
                createdAt: new Date(given.getTime() + 2 * DAY_MS),
              },
            ]
          : []),
      ]);
      added.recommendations += 1;
    }
    for (let k = 0; k < plan.oneToOnes; k += 1) {
      const partner = others[(k + 1) % others.length] as number;
      const metOn = parisDate(now, -(14 * k + 5));
      const inserted = await tx
        .insert(oneToOnes)
        .values({
          requesterId: idOf(plan.member),
          partnerId: idOf(partner),
          metOn,
          place: 'Café de la Confluence',
          status: 'confirmed',
          answeredAt: new Date(now.getTime() - (14 * k + 4) * DAY_MS),
          createdAt: new Date(now.getTime() - (14 * k + 5) * DAY_MS),
        })
        .onConflictDoNothing()
        .returning({ id: oneToOnes.id });
      added.oneToOnes += inserted.length;
    }
    for (let k = 0; k < plan.testimonials; k += 1) {
      const subject = others[(others.length - 1 - k + others.length) % others.length] as number;
      const inserted = await tx
        .insert(testimonials)
        .values({
          authorId: idOf(plan.member),
          subjectId: idOf(subject),
          body: 'Un professionnel fiable, qui rappelle dans la journée et tient ses délais. Je le recommande sans réserve.',
          status: 'approved',
          decidedAt: new Date(now.getTime() - (30 * k + 10) * DAY_MS),
          createdAt: new Date(now.getTime() - (30 * k + 12) * DAY_MS),
        })
        .onConflictDoNothing()
        .returning({ id: testimonials.id });
      added.testimonials += inserted.length;
    }
  }
}

/**
 * The forum (network-core §9): the spec's five static topics as real discussions in the national
 * categories (replies, an accepted answer, public questions, @mentions and their notifications, a
 * reply hidden after two reports, an open report for the moderation queue), and a topic in the
 * Lyon group's own category. Demo groups are written directly, so their categories are made here.
 */
async function seedForum(
  tx: Tx,
  options: {
    idOf: (index: number) => string;
    has: (...indexes: number[]) => boolean;
    now: Date;
    added: SeedDemoResult['added'];
  },
) {
  const { idOf, has, now, added } = options;
  const at = (days: number, hour = 9) => new Date(now.getTime() - days * DAY_MS + (hour - 9) * 3_600_000);
  const who = (login: string) => demoIndex(login);
  const nameOf = (login: string) => demoFullName(DEMO_MEMBERS[who(login)] as DemoMember);
  const admin = idOf(DEMO_ADMIN_INDEX);
  for (const group of DEMO_GROUPS) {
    const [row] = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.slug, group.slug));
    if (!row) continue;
    await tx
      .insert(forumCategories)
      .values({
        slug: `groupe-${group.slug}`,
        name: row.name,
        description: 'L’espace d’échange réservé aux membres du groupe.',
        groupId: row.id,
        position: 100,
      })
      .onConflictDoNothing();
  }
  const categoryIds = new Map(
    (await tx.select({ id: forumCategories.id, slug: forumCategories.slug }).from(forumCategories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const notes: (typeof notifications.$inferInsert)[] = [];
  const mention = async (
    topicId: string,
    postId: string | null,
    author: string,
    logins: string[],
    title: string,
    when: Date,
  ) => {
    for (const login of logins) {
      if (!has(who(login))) continue;
      await tx.insert(forumMentions).values({ topicId, postId, userId: idOf(who(login)), createdAt: when });
      notes.push({
        userId: idOf(who(login)),
        kind: 'forum_mention',
        actorId: idOf(who(author)),
        title: forumMessages.mentionTitle(nameOf(author), title),
        link: `/forum/sujets/${topicId}`,
        createdAt: when,
        email: 'immediate',
        emailedAt: when,
      });
    }
  };
  for (const demo of DEMO_FORUM_TOPICS) {
    const categoryId = categoryIds.get(demo.category);
    const people = [demo.author, ...demo.replies.map((r) => r.author)];
    if (!categoryId || !has(...people.map(who))) continue;
    const visible = demo.replies.filter((r) => !r.hidden);
    const last = visible.at(-1);
    const [topic] = await tx
      .insert(forumTopics)
      .values({
        categoryId,
        authorId: idOf(who(demo.author)),
        title: demo.title,
        body: demo.body,
        isPublic: demo.isPublic ?? false,
        replyCount: visible.length,
        lastActivityAt: at(last?.daysAgo ?? demo.daysAgo, 12),
        createdAt: at(demo.daysAgo),
      })
      .returning({ id: forumTopics.id });
    if (!topic) throw new Error('forum topic not stored');
    added.forumTopics += 1;
    await mention(topic.id, null, demo.author, demo.mentions ?? [], demo.title, at(demo.daysAgo));
    for (const reply of demo.replies) {
      const when = at(reply.daysAgo, 12);
      const [post] = await tx
        .insert(forumPosts)
        .values({
          topicId: topic.id,
          authorId: idOf(who(reply.author)),
          body: reply.body,
          createdAt: when,
          ...(reply.hidden ? { hiddenAt: at(reply.daysAgo - 1), hiddenReason: reply.hidden, hiddenBy: admin } : {}),
        })
        .returning({ id: forumPosts.id });
      if (!post) throw new Error('forum reply not stored');
      added.forumReplies += 1;
      if (!reply.hidden && reply.author !== demo.author) {
        notes.push({
          userId: idOf(who(demo.author)),
          kind: 'forum_reply',
          actorId: idOf(who(reply.author)),
          title: forumMessages.replyTitle(demo.title),
          link: `/forum/sujets/${topic.id}`,
          createdAt: when,
          email: 'immediate',
          emailedAt: when,
          readAt: reply.daysAgo > 3 ? when : null,
        });
      }
      await mention(topic.id, post.id, reply.author, reply.mentions ?? [], demo.title, when);
      for (const reporter of reply.reportedBy ?? []) {
        if (!has(who(reporter))) continue;
        await tx.insert(forumReports).values({
          topicId: topic.id,
          postId: post.id,
          reporterId: idOf(who(reporter)),
          reason: reply.hidden ? 'Publicité' : 'Données personnelles de participants demandées en public',
          status: reply.hidden ? 'hidden' : 'open',
          decidedBy: reply.hidden ? admin : null,
          decidedAt: reply.hidden ? at(reply.daysAgo - 1) : null,
          createdAt: at(reply.daysAgo, 15),
        });
      }
      if (reply.hidden) {
        await tx.insert(forumModerationEvents).values({
          topicId: topic.id,
          postId: post.id,
          action: 'hide',
          reason: reply.hidden,
          actorId: admin,
          createdAt: at(reply.daysAgo - 1),
        });
      }
      if (reply.accepted) {
        await tx.update(forumTopics).set({ acceptedPostId: post.id }).where(eq(forumTopics.id, topic.id));
      }
    }
  }
  if (notes.length) {
    added.notifications += (await tx.insert(notifications).values(notes).returning({ id: notifications.id })).length;
  }
}

/** What the command prints at the end, in French. */
export function seedSummary(result: SeedDemoResult): string {
  const { added } = result;
  const lines = result.alreadySeeded
    ? [`Le contenu de démonstration est déjà en place (${result.members} membres) : rien n’a été ajouté.`]
    : [
        `Contenu de démonstration créé : ${result.members} membres (${added.subscriptions} abonnés),` +
          ` ${added.ratings} évaluations, ${added.services} services, ${added.projects} projets,` +
          ` ${added.jobs} offres d’emploi (${added.applications} candidatures), ${added.events} événements` +
          ` (${added.registrations} inscriptions), ${added.partners} partenaires,` +
          ` ${added.contacts} demandes de contact (${added.sharedProjects} projets communs),` +
          ` ${added.groups} groupes (${added.seats} sièges occupés, ${added.groupApplications} candidature en cours,` +
          ` ${added.waitlist} membres en liste d’attente), ${added.recommendations} recommandations,` +
          ` ${added.oneToOnes} tête-à-tête, ${added.testimonials} témoignages, ${added.forumTopics} sujets du forum` +
          ` (${added.forumReplies} réponses), ${added.notifications} notifications.`,
      ];
  lines.push(
    '',
    `Ouvrez ${result.siteUrl} et connectez-vous sur ${result.siteUrl}/auth :`,
    `  Administrateur : ${result.admin.email} / ${result.admin.password} (${result.admin.name})`,
    `  Membre abonné  : ${result.subscriber.email} / ${result.subscriber.password} (${result.subscriber.name})`,
    `Tous les membres de démonstration (…@${DEMO_EMAIL_DOMAIN}) ont ce même mot de passe.`,
    `Les groupes et leurs sièges libres : ${result.siteUrl}/groupes`,
    `Les recommandations des deux comptes : ${result.siteUrl}/recommandations`,
    `Importer une liste de membres : connectez-vous comme ${DEMO_ROSTER.leader}@${DEMO_EMAIL_DOMAIN},` +
      ` ouvrez ${result.siteUrl}/groupes/${DEMO_ROSTER.group}/import et choisissez le fichier ${DEMO_ROSTER.file}`,
    `Les factures déposées sur la plateforme agréée de démonstration : ${result.siteUrl}/dev/plateforme-agreee` +
      ` (et leur suivi dans Mes factures, sur ${result.siteUrl}${profileSectionPath('facturation')})`,
  );
  if (result.members > DEMO_FAILED_DEBIT_INDEX)
    lines.push(
      `Un prélèvement SEPA refusé : connectez-vous comme ${DEMO_MEMBERS[DEMO_FAILED_DEBIT_INDEX]?.login}@${DEMO_EMAIL_DOMAIN}` +
        ` et ouvrez ${result.siteUrl}${profileSectionPath('facturation')} (le courriel dans ${result.siteUrl}/dev/mailbox)`,
    );
  return lines.join('\n');
}

/** The app's context for a script: its auth, storage and database, no HTTP server, no mail sent. */
export function scriptContext(env: Env, database: Database): AppContext {
  const mailContext = { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, contactEmail: env.CONTACT_EMAIL };
  return {
    env,
    db: database.db,
    dbKind: database.kind,
    mailContext,
    mailer: { wake() {} },
    storage: createStorage(env),
    links: new SignedLinks(resolveAuthSecret(env)),
    sessionCache: new SessionCache(0),
    visitorCache: new VisitorCache(0),
    auth: createAuth({
      env,
      db: database.db,
      secret: resolveAuthSecret(env),
      mailContext,
      wakeMailer: () => {},
      accounts: accountHooks(database.db, env),
    }),
  };
}

async function main() {
  const fail = (line: string): never => {
    process.stderr.write(`${line}\n`);
    process.exit(1);
  };
  try {
    assertSeedAllowed(process.env);
  } catch (error) {
    if (error instanceof SeedRefusedError) fail(error.message);
    throw error;
  }
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: 2,
      pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The embedded database takes one process at a time (see db/client.ts).
    if (/in use by process/.test(message)) {
      fail(
        `${message}\nLa base intégrée est utilisée par le serveur : arrêtez-le, relancez cette commande, puis redémarrez-le.`,
      );
    }
    throw error;
  }
  try {
    await migrateDatabase(database);
    process.stdout.write('Création du contenu de démonstration...\n');
    const log: Log = {
      warn: (object, message) => process.stderr.write(`${message} ${JSON.stringify(object)}\n`),
      error: (object, message) => process.stderr.write(`${message} ${JSON.stringify(object)}\n`),
    };
    const result = await seedDemo(scriptContext(env, database), { log });
    process.stdout.write(`${seedSummary(result)}\n`);
  } finally {
    // Not process.exit before this: the embedded database writes on close.
    await database.close();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * Self-billing (network-core §10): the printed subscriber sponsors demo member 2, whose first
 * invoice, collected 20 days ago, earned a commission now payable; the sponsor has accepted the
 * self-billing mandate (franchise en base). An admin's `Clôturer le mois` on /admin/commissions
 * then issues the invoice the sponsor downloads from /profile/parrainage.
 */
async function seedSelfBilling(ctx: AppContext, sponsorId: string, referredId: string, now: Date) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ sponsorId })
      .where(and(eq(profiles.userId, referredId), isNull(profiles.sponsorId)));
    const [paid] = await tx
      .insert(invoices)
      .values({
        provider: DEMO_PROVIDER,
        providerInvoiceId: `demo_seed_referral_${referredId}`,
        userId: referredId,
        planId: 'monthly',
        amountCents: 9900,
        amountExclVatCents: 8250,
        vatCents: 1650,
        kind: 'first',
        paidAt: new Date(now.getTime() - 20 * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (paid) await onInvoicePaid(tx, paid);
  });
  if (!(await findActiveMandate(ctx.db, sponsorId))) {
    await acceptMandate(
      ctx.db,
      sponsorId,
      {
        legalName: 'Démo Conseil',
        siren: '732829320',
        addressLine: '12 rue de la République',
        postcode: '69002',
        city: 'Lyon',
        vatStatus: 'franchise',
        accepted: true,
      },
      now,
    );
  }
}

/**
 * A member who hit the guest-invitation quota this hour (issue 33): what `/admin/quotas` shows the
 * demo admin, with `Lever` beside it.
 */
async function seedQuotaHit(tx: Tx, userId: string, now: Date) {
  const w = quotaWindows(now);
  await tx.execute(sql`
    insert into member_quota_counters
      (user_id, quota, hour_start, hour_count, day_start, day_count, refused_count, last_refused_at)
    values (${userId}, 'guestInvitations', ${w.hourStart.toISOString()}::timestamptz, 30,
            ${w.dayStart.toISOString()}::timestamptz, 41, 3, ${now.toISOString()}::timestamptz)
    on conflict (user_id, quota) do nothing`);
}
