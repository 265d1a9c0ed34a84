import { TITLE_FORMS, TRADE_FAMILY_SLUGS } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Accounts: the core tables Better Auth expects (user, session, account,
// verification). Its plugins add their own tables in the accounts migrations.
// ---------------------------------------------------------------------------

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  /** Sign-in by SMS code (issue 19, Better Auth's phoneNumber plugin): E.164, verified by a code. */
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId), index('passkey_credential_id_idx').on(t.credentialID)],
);

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

/** Better Auth's per-IP limits, in the database so every app instance shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Our own fixed-window counters: limits per account (email), shared by every instance. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------

export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    companyName: text('company_name'),
    companyLogoUrl: text('company_logo_url'),
    avatarUrl: text('avatar_url'),
    websiteUrl: text('website_url'),
    phone: text('phone'),
    bio: text('bio'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    githubUrl: text('github_url'),
    facebookUrl: text('facebook_url'),
    sponsorName: text('sponsor_name'),
    /**
     * The trade's label, kept by the database (trigger profiles_trade_label, migration
     * 0007_groups) from `trade_id` when one is set, so the directory's search and synergy keys
     * read one column. Without a trade it is the free text of the profiles made before the
     * catalogue.
     */
    profession: text('profession'),
    /** The member's trade in the catalogue (network-core §1): one per member. */
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'restrict' }),
    /** Free words after the trade: `Notaire, spécialité droit rural`. */
    specialty: text('specialty'),
    /** Set by the profession migration when no trade matched: the member is asked to pick one. */
    mustPickTrade: boolean('must_pick_trade').notNull().default(false),
    /**
     * How the member's titles agree (issue 31): 'feminine' reads `Présidente` and the trade's
     * `label_feminine` where it has one (db/fragments.ts memberTradeLabel, leaderRoleLabel).
     */
    titleForm: text('title_form', { enum: TITLE_FORMS }).notNull().default('masculine'),
    /** Live meeting (issue 30): the member agrees their closed business's amount is announced in `Merci pour les affaires`. */
    announceBusinessAmount: boolean('announce_business_amount').notNull().default(false),
    /**
     * The buyer's identity on the member's membership invoices (issue 32): SIREN, VAT number,
     * address, and the member state the company is established in (another one's VAT number means
     * reverse charge: docs/product/invoicing.md "Autoliquidation").
     */
    billingSiren: text('billing_siren'),
    billingVatNumber: text('billing_vat_number'),
    billingAddressLine: text('billing_address_line'),
    billingPostcode: text('billing_postcode'),
    billingCity: text('billing_city'),
    billingCountry: text('billing_country').notNull().default('FR'),
    industry: text('industry'),
    city: text('city'),
    /** The member's personal referral code (/r/{code}). */
    referralCode: text('referral_code').unique(),
    /** Who referred this member, recorded at sign-up from the referral cookie. */
    sponsorId: text('sponsor_id').references(() => user.id, { onDelete: 'set null' }),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    lookingFor: text('looking_for').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Directory keys (migration 0005_directory_search): written by the database itself, by the
    // trigger profiles_directory_keys (and "user"'s name trigger) from the columns above, so every
    // writer keeps them right; never set them from the application. Folded = trimmed, lower case,
    // without the accents of French (directory_fold()).
    /** Folded display name (full name, else the account's name): the name ordering. */
    nameKey: text('name_key').notNull().default(''),
    /** Folded display name, company, profession, city and skills: the search (LIKE '%word%'). */
    searchText: text('search_text').notNull().default(''),
    /** Folded trimmed profession / industry, '' for none: synergy scoring. */
    professionKey: text('profession_key').notNull().default(''),
    industryKey: text('industry_key').notNull().default(''),
    /** Folded skills and "looking for", blanks dropped: synergy scoring. */
    skillsKeys: text('skills_keys').array().notNull().default(sql`'{}'::text[]`),
    lookingForKeys: text('looking_for_keys').array().notNull().default(sql`'{}'::text[]`),
    /** What the member offers: profession, industry and skills keys (synergy candidates by overlap). */
    offerKeys: text('offer_keys').array().notNull().default(sql`'{}'::text[]`),
    /** Sum and number of the member's ratings, kept by the member_ratings triggers. */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Average rating to one decimal, null without ratings. */
    ratingAverage: numeric('rating_average').generatedAlwaysAs(
      sql`case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1) end`,
    ),
  },
  (t) => [
    index('profiles_profession_idx').on(t.profession),
    index('profiles_industry_idx').on(t.industry),
    index('profiles_trade_idx').on(t.tradeId),
    index('profiles_name_key_idx').on(t.nameKey, t.userId),
    index('profiles_rating_idx').on(t.ratingAverage.desc().nullsLast(), t.ratingCount.desc(), t.nameKey, t.userId),
    index('profiles_offer_keys_idx').using('gin', t.offerKeys),
    index('profiles_looking_for_keys_idx').using('gin', t.lookingForKeys),
    check('profiles_title_form_check', sql`${t.titleForm} in ('masculine', 'feminine')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', sql`${t.role} in ('admin')`)],
);

export const memberRatings = pgTable(
  'member_ratings',
  {
    raterId: text('rater_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ratedId: text('rated_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.raterId, t.ratedId] }),
    index('member_ratings_rated_idx').on(t.ratedId),
    check('member_ratings_rating_check', sql`${t.rating} between 1 and 5`),
    check('member_ratings_not_self', sql`${t.raterId} <> ${t.ratedId}`),
  ],
);

export const memberContacts = pgTable(
  'member_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** What the requester wants to talk about (optional). */
    message: text('message'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One request in progress per pair: the database refuses a second pending one.
    uniqueIndex('member_contacts_one_pending').on(t.requesterId, t.contactId).where(sql`${t.status} = 'pending'`),
    index('member_contacts_contact_idx').on(t.contactId, t.status),
    check('member_contacts_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('member_contacts_not_self', sql`${t.requesterId} <> ${t.contactId}`),
  ],
);

/**
 * A collaborative project shared by the two members of an accepted contact request (the spec's
 * pitch), tracked by both in /my-projects. Either member edits it.
 */
export const sharedProjects = pgTable(
  'shared_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactRequestId: uuid('contact_request_id')
      .notNull()
      .unique()
      .references(() => memberContacts.id, { onDelete: 'cascade' }),
    memberAId: text('member_a_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    memberBId: text('member_b_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('in_progress'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shared_projects_member_a_idx').on(t.memberAId),
    index('shared_projects_member_b_idx').on(t.memberBId),
    check('shared_projects_status_check', sql`${t.status} in ('to_start', 'in_progress', 'done')`),
    check('shared_projects_title_not_blank', sql`length(btrim(${t.title})) > 0`),
  ],
);

// ---------------------------------------------------------------------------
// Member content
// ---------------------------------------------------------------------------

export const memberServices = pgTable(
  'member_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull().default('Code'),
    imageUrl: text('image_url'),
    websiteUrl: text('website_url'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('member_services_created_idx').on(t.createdAt),
    index('member_services_user_idx').on(t.userId),
    check('member_services_features_max', sql`coalesce(array_length(${t.features}, 1), 0) <= 3`),
  ],
);

export const memberProjects = pgTable(
  'member_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    projectUrl: text('project_url'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('member_projects_created_idx').on(t.createdAt),
    index('member_projects_user_idx').on(t.userId, t.createdAt),
    check('member_projects_title_not_blank', sql`length(btrim(${t.title})) > 0`),
  ],
);

export const jobPositions = pgTable(
  'job_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    location: text('location').notNull(),
    type: text('type').notNull(),
    experience: text('experience').notNull(),
    description: text('description').notNull(),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_positions_created_idx').on(t.createdAt), index('job_positions_user_idx').on(t.userId)],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobPositions.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('applications_job_applicant_unique').on(t.jobId, t.applicantId),
    index('applications_applicant_idx').on(t.applicantId),
  ],
);

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export const eventCategories = pgTable('event_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  imageUrl: text('image_url').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    date: date('date').notNull(),
    time: time('time').notNull(),
    location: text('location').notNull(),
    maxAttendees: integer('max_attendees'),
    categoryId: uuid('category_id').references(() => eventCategories.id, { onDelete: 'set null' }),
    // Denormalised at save time: the spec stores the category name and its image on the event.
    category: text('category'),
    imageUrl: text('image_url'),
    /** An event of a group (shown on its page), or national (null). network-core §6. */
    groupId: uuid('group_id').references((): AnyPgColumn => groups.id, { onDelete: 'set null' }),
    /** How many guests (`+1`) one registration may bring; 0: none. Counted in the capacity. */
    maxGuestsPerRegistration: integer('max_guests_per_registration').notNull().default(0),
    /** The reminder of the day before went out (job `remind-events`). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_date_idx').on(t.date, t.time),
    index('events_group_idx').on(t.groupId, t.date).where(sql`group_id is not null`),
    check('events_max_guests', sql`${t.maxGuestsPerRegistration} between 0 and 10`),
    index('events_organizer_idx').on(t.organizerId),
    check('events_max_attendees_positive', sql`${t.maxAttendees} is null or ${t.maxAttendees} > 0`),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Guests the member brings (`+1`), each taking a place. */
    guests: integer('guests').notNull().default(0),
    /** Checked in at the door (the organizer's QR code). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_registrations_user_idx').on(t.userId),
    // The event list reads from this index alone (index-only scans), not from the table's scattered
    // rows: the `1 + guests` of an event's registrations, and the viewer's own (docs/performance.md,
    // "Event list"). The primary key's columns first, so the planner never prefers a narrower index.
    index('event_registrations_event_user_guests_idx').on(t.eventId, t.userId, t.guests),
    check('event_registrations_guests', sql`${t.guests} between 0 and 10`),
  ],
);

/**
 * A full event's waiting list (network-core §6): first come, first served; a freed place goes to
 * the first in line at once (their registration written in the same transaction as the
 * cancellation), never beyond the capacity.
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    guests: integer('guests').notNull().default(0),
    /** 'waiting' | 'registered' (a place came free) | 'left'. */
    status: text('status').notNull().default('waiting'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_waitlist_one_place').on(t.eventId, t.userId).where(sql`status = 'waiting'`),
    index('event_waitlist_line_idx').on(t.eventId, t.createdAt).where(sql`status = 'waiting'`),
    check('event_waitlist_status', sql`${t.status} in ('waiting', 'registered', 'left')`),
    check('event_waitlist_guests', sql`${t.guests} between 0 and 10`),
  ],
);

// ---------------------------------------------------------------------------
// Network core: trades, groups and seats (docs/product/network-core.md §1-2)
// ---------------------------------------------------------------------------

/** The trade catalogue (migration 0008_trade_catalogue); admins add, rename and merge. */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    label: text('label').notNull(),
    /**
     * The label in the feminine (issue 31: `Avocate`, `Experte-comptable`), null where French
     * writes the same word (`Notaire`) or the trade names a company (`Agence web`). Filled for the
     * catalogue by migration 0029; members who chose the feminine read it.
     */
    labelFeminine: text('label_feminine'),
    /** One of TRADE_FAMILIES (packages/shared/src/group-constants.ts). */
    family: text('family').notNull(),
    nafCode: text('naf_code'),
    /** Regulated professions whose ethics rules forbid fees for bringing business. */
    regulated: boolean('regulated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two trades whose labels differ only by case or accents are one trade.
    uniqueIndex('trades_label_key').on(sql`directory_fold(${t.label})`),
    index('trades_family_idx').on(t.family, t.label),
    check('trades_naf_code_format', sql`${t.nafCode} is null or ${t.nafCode} ~ '^[0-9]{2}[.][0-9]{2}[A-Z]$'`),
    check('trades_family', sql.raw(`family in (${TRADE_FAMILY_SLUGS.map((f) => `'${f}'`).join(', ')})`)),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    departmentCode: text('department_code').notNull(),
    region: text('region').notNull(),
    description: text('description').notNull().default(''),
    meetingPlace: text('meeting_place').notNull(),
    meetingRhythm: text('meeting_rhythm').notNull(),
    /** ISO weekday, 1 = Monday. */
    meetingWeekday: integer('meeting_weekday').notNull(),
    meetingTime: time('meeting_time').notNull(),
    /**
     * Active members, kept by the trigger group_members_count (migration 0007_groups) on every
     * write to group_members; its check is what refuses a 51st member (the row lock of the
     * count's UPDATE makes concurrent acceptances wait for each other).
     */
    activeMembers: integer('active_members').notNull().default(0),
    /** More than this many `Absent` over 6 rolling months alerts the leaders (network-core §4). */
    absenceAlertThreshold: integer('absence_alert_threshold').notNull().default(3),
    // Live meeting (issue 30, migration 0021_live_meeting): the 60-second round's seconds per
    // speaker (30..90) and the week's presentation's minutes.
    liveRoundSeconds: integer('live_round_seconds').notNull().default(60),
    livePresentationMinutes: integer('live_presentation_minutes').notNull().default(10),
    // Hybrid meetings (issue 30, migration hybrid_minutes): the visio link of the rhythm's meetings
    // (a meeting's own link wins), and whether `À distance` counts as present (domain/attended.ts).
    visioUrl: text('visio_url'),
    remoteCountsAsPresent: boolean('remote_counts_as_present').notNull().default(true),
    /**
     * Visitors (issue 30, migration visitors): after a visit, `Merci de votre visite` the next day
     * and an invitation to apply a week later (job `follow-up-visitors`); false: neither.
     */
    visitorFollowUp: boolean('visitor_follow_up').notNull().default(true),
    /**
     * A photo of the meeting place (issue 31, migration group_place_photo), uploaded by the group's
     * leaders: the `service-images` bucket under the group's id (db/file-columns.ts).
     */
    placePhotoUrl: text('place_photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('groups_place_idx').on(t.region, t.departmentCode, t.city),
    check('groups_member_limit', sql`${t.activeMembers} between 0 and 50`),
    check('groups_absence_alert_threshold', sql`${t.absenceAlertThreshold} between 1 and 26`),
    check('groups_live_round_seconds', sql`${t.liveRoundSeconds} between 30 and 90`),
    check('groups_live_presentation_minutes', sql`${t.livePresentationMinutes} between 1 and 60`),
    check('groups_meeting_rhythm', sql`${t.meetingRhythm} in ('weekly', 'biweekly', 'monthly')`),
    check('groups_meeting_weekday', sql`${t.meetingWeekday} between 1 and 7`),
  ],
);

/**
 * Seats: a member in a group on a trade. The partial unique indexes are the rules of
 * network-core §2: one active member per (group, trade), one home group per member, one holder
 * per leader role. Ended memberships stay as the group's record.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'restrict' }),
    /** 'active', or how it ended: 'left', 'removed', 'lapsed' (subscription ended, grace passed). */
    status: text('status').notNull().default('active'),
    /** 'president' | 'vice_president' | 'secretary_treasurer', or null. */
    role: text('role'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    endedBy: text('ended_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('group_members_one_per_seat').on(t.groupId, t.tradeId).where(sql`status = 'active'`),
    uniqueIndex('group_members_one_home_group').on(t.userId).where(sql`status = 'active'`),
    uniqueIndex('group_members_one_per_role').on(t.groupId, t.role).where(sql`status = 'active' and role is not null`),
    index('group_members_group_idx').on(t.groupId, t.status),
    check('group_members_status', sql`${t.status} in ('active', 'left', 'removed', 'lapsed')`),
    check(
      'group_members_role',
      sql`${t.role} is null or (${t.role} in ('president', 'vice_president', 'secretary_treasurer') and ${t.status} = 'active')`,
    ),
  ],
);

export const groupApplications = pgTable(
  'group_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'restrict' }),
    /** 'pending' | 'accepted' | 'refused' | 'withdrawn'. */
    status: text('status').notNull().default('pending'),
    message: text('message'),
    objectionPeriodEndsAt: timestamp('objection_period_ends_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decisionMessage: text('decision_message'),
    /** Accepted before the objection period ended, no member having objected. */
    override: boolean('override').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_applications_one_pending').on(t.groupId, t.userId).where(sql`status = 'pending'`),
    index('group_applications_group_idx').on(t.groupId, t.status, t.createdAt),
    index('group_applications_user_idx').on(t.userId),
    check('group_applications_status', sql`${t.status} in ('pending', 'accepted', 'refused', 'withdrawn')`),
  ],
);

export const groupObjections = pgTable(
  'group_objections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => groupApplications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_objections_one_per_member').on(t.applicationId, t.userId)],
);

/**
 * The waiting list of a seat, first come first served (`seq`). One open offer per seat at a
 * time (partial unique index); the offer sweep (domain/groups/seat-offers.ts) expires offers and
 * offers the seat to the next in line.
 */
export const seatWaitlist = pgTable(
  'seat_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'waiting' | 'offered' | 'accepted' | 'declined' | 'expired' | 'left'. */
    status: text('status').notNull().default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seat_waitlist_one_place')
      .on(t.groupId, t.tradeId, t.userId)
      .where(sql`status in ('waiting', 'offered')`),
    uniqueIndex('seat_waitlist_one_offer').on(t.groupId, t.tradeId).where(sql`status = 'offered'`),
    index('seat_waitlist_line_idx').on(t.groupId, t.tradeId, t.status, t.seq),
    index('seat_waitlist_user_idx').on(t.userId),
    index('seat_waitlist_offer_expiry_idx').on(t.offerExpiresAt).where(sql`status = 'offered'`),
    check(
      'seat_waitlist_status',
      sql`${t.status} in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left')`,
    ),
  ],
);

/** What happened in a group, kept for its leaders (removals with their reason, network-core §2). */
export const groupHistory = pgTable(
  'group_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    subjectId: text('subject_id').references(() => user.id, { onDelete: 'set null' }),
    /** The subject's name when the row was written: the record outlives a deleted account. */
    subjectName: text('subject_name'),
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('group_history_group_idx').on(t.groupId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Site
// ---------------------------------------------------------------------------

export const partnerSites = pgTable(
  'partner_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    websiteUrl: text('website_url').notNull(),
    logoUrl: text('logo_url'),
    category: text('category'),
    isFeatured: boolean('is_featured').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partner_sites_order_idx').on(t.isFeatured, t.displayOrder, t.name)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Every email leaves through this table: written in the same transaction as the change that
 * caused it, sent by the worker (mail/outbox.ts) with retries.
 * status: pending -> sending -> sent (SMTP) | kept (no SMTP: read in /dev/mailbox) | failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template'),
    meta: jsonb('meta'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'kept', 'failed')`),
  ],
);

// ---------------------------------------------------------------------------
// Billing and referral programme
// ---------------------------------------------------------------------------

/** One subscription per member, kept in step with the payment provider (webhooks or demo). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').unique(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The provider's time of the state we hold: an older event never overwrites a newer state. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }).notNull(),
    /**
     * Issue 32: the first failure of a debit not settled yet (failed_debits), null otherwise. The
     * member stays subscribed DEBIT_GRACE_DAYS from it (domain/subscribed.ts), then the seat lapses.
     */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    check('subscriptions_plan_check', sql`${t.planId} in ('monthly', 'annual')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')`,
    ),
  ],
);

/** Every provider event handled, once: a replay finds its id here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Payments actually collected (kept after an account is deleted, as the law requires). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    planId: text('plan_id').notNull(),
    /** Amounts in cents: VAT included, excluding VAT, and the VAT itself. */
    amountCents: integer('amount_cents').notNull(),
    amountExclVatCents: integer('amount_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** 'first' for the member's first paid invoice, 'renewal' afterwards. */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('paid'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.paidAt),
    check('invoices_kind_check', sql`${t.kind} in ('first', 'renewal')`),
    check('invoices_status_check', sql`${t.status} in ('paid', 'refunded')`),
    check('invoices_amounts_check', sql`${t.amountCents} = ${t.amountExclVatCents} + ${t.vatCents}`),
  ],
);

/** The commission ledger: one line per invoice and kind, a negative 'reversal' line on refund. */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sponsorId: text('sponsor_id').references(() => user.id, { onDelete: 'set null' }),
    referredId: text('referred_id').references(() => user.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    kind: text('kind').notNull(),
    /** Basis points: 1000 = 10 %, 500 = 5 %. */
    rateBps: integer('rate_bps').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    /** The monthly statement this line belongs to, 'YYYY-MM'. */
    statementMonth: text('statement_month').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commissions_invoice_kind_unique').on(t.invoiceId, t.kind),
    index('commissions_sponsor_idx').on(t.sponsorId, t.statementMonth),
    index('commissions_month_idx').on(t.statementMonth, t.status),
    check('commissions_kind_check', sql`${t.kind} in ('first', 'renewal', 'reversal')`),
    check('commissions_status_check', sql`${t.status} in ('pending', 'payable', 'paid')`),
  ],
);

/**
 * Facts about this installation, written once. `storage-owner`: a random id also written as a
 * marker in each storage folder, so the sweeps of orphaned uploads never delete files of a
 * storage another database uses (domain/orphan-uploads.ts).
 */
export const installation = pgTable('installation', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Recommendations, closed business, one-to-ones, testimonials (network-core §3)
// ---------------------------------------------------------------------------

/**
 * A recommendation from a giver to a receiver. Both sides are `set null` when an account is
 * deleted: the other party keeps it, the name shown as `Ancien membre`. An external contact's
 * details exist only with its consent (CHECK), and are wiped 12 months after the recommendation
 * closed (`contact_purged_at`). The closed business (`Affaire conclue`) lives on the row: the
 * receiver declares it by moving to `won` with an amount, the giver confirms or disputes it.
 * The home groups of both sides at the time it was given are kept for the groups' totals.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giverId: text('giver_id').references(() => user.id, { onDelete: 'set null' }),
    receiverId: text('receiver_id').references(() => user.id, { onDelete: 'set null' }),
    giverGroupId: uuid('giver_group_id').references(() => groups.id, { onDelete: 'set null' }),
    receiverGroupId: uuid('receiver_group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** 'for_you' | 'external'. */
    kind: text('kind').notNull(),
    contactName: text('contact_name'),
    /** E.164. */
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    contactCompany: text('contact_company'),
    need: text('need'),
    /** When the giver ticked `Ce contact a accepté d'être recontacté`. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    contactPurgedAt: timestamp('contact_purged_at', { withTimezone: true }),
    heat: integer('heat').notNull(),
    message: text('message'),
    status: text('status').notNull().default('received'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lostReason: text('lost_reason'),
    /** The one reminder to the receiver after 7 days at `received`. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Cents excluding VAT, declared with `won` (and corrected by the receiver until confirmed). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** 'declared' | 'confirmed' | 'disputed'; null until won. */
    businessStatus: text('business_status'),
    businessDeclaredAt: timestamp('business_declared_at', { withTimezone: true }),
    businessAnsweredAt: timestamp('business_answered_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** Live meeting (issue 30): the meeting it was logged during (`J’ai une recommandation pour…`). */
    meetingId: uuid('meeting_id').references((): AnyPgColumn => meetings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('recommendations_giver_idx').on(t.giverId, t.createdAt),
    index('recommendations_receiver_idx').on(t.receiverId, t.createdAt),
    index('recommendations_giver_group_idx').on(t.giverGroupId, t.createdAt),
    index('recommendations_created_idx').on(t.createdAt),
    // National scale (migration 0020, decision 0021): a member's received recommendations by status
    // (`Aujourd'hui`'s stale ones, `Mon retour`'s won and lost), and the business they gave
    // (`Mon retour`'s given, `Aujourd'hui`'s declarations to confirm, in their order).
    index('recommendations_receiver_status_idx').on(t.receiverId, t.status, t.statusChangedAt),
    index('recommendations_giver_business_idx')
      .on(t.giverId, t.businessStatus, t.businessDeclaredAt, t.id)
      .where(sql`business_status is not null`),
    /** The totals' months of closing (won, lost, without follow-up). */
    index('recommendations_closed_idx').on(t.statusChangedAt).where(sql`status in ('won', 'lost', 'no_follow_up')`),
    index('recommendations_reminder_due_idx')
      .on(t.statusChangedAt)
      .where(sql`status = 'received' and reminded_at is null`),
    index('recommendations_contact_purge_idx')
      .on(t.statusChangedAt)
      .where(sql`contact_purged_at is null and kind = 'external'`),
    check('recommendations_kind', sql`${t.kind} in ('for_you', 'external')`),
    check(
      'recommendations_status',
      sql`${t.status} in ('received', 'contacted', 'meeting', 'quote_sent', 'won', 'lost', 'no_follow_up')`,
    ),
    check('recommendations_heat', sql`${t.heat} between 1 and 5`),
    check(
      'recommendations_not_self',
      sql`${t.giverId} is null or ${t.receiverId} is null or ${t.giverId} <> ${t.receiverId}`,
    ),
    /** No contact data without consent; none at all on `for_you`. */
    check(
      'recommendations_contact_consent',
      sql`(${t.contactName} is null and ${t.contactPhone} is null and ${t.contactEmail} is null and ${t.contactCompany} is null) or (${t.kind} = 'external' and ${t.consentAt} is not null)`,
    ),
    check('recommendations_amount', sql`${t.amountCents} is null or ${t.amountCents} between 1 and 1000000000`),
    check(
      'recommendations_business',
      sql`(${t.businessStatus} is null and ${t.amountCents} is null) or (${t.status} = 'won' and ${t.amountCents} is not null and ${t.businessStatus} in ('declared', 'confirmed', 'disputed'))`,
    ),
  ],
);

/** Every step of a recommendation, timestamped: what the giver sees (nothing vanishes). */
export const recommendationEvents = pgTable(
  'recommendation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => recommendations.id, { onDelete: 'cascade' }),
    /** 'given' | 'status' | 'business_declared' | 'business_confirmed' | 'business_disputed' | 'reminded'. */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    note: text('note'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('recommendation_events_rec_idx').on(t.recommendationId, t.createdAt)],
);

/** `Tête-à-tête`: logged by one member, counted once the other confirms. Notes are each side's own. */
export const oneToOnes = pgTable(
  'one_to_ones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `set null` when an account goes: the other member keeps the meeting and their notes. */
    requesterId: text('requester_id').references(() => user.id, { onDelete: 'set null' }),
    partnerId: text('partner_id').references(() => user.id, { onDelete: 'set null' }),
    metOn: date('met_on').notNull(),
    place: text('place'),
    requesterNotes: text('requester_notes'),
    partnerNotes: text('partner_notes'),
    /** 'pending' | 'confirmed' | 'declined'. */
    status: text('status').notNull().default('pending'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    /** One meeting of a pair a day, whoever logs it (a declined one may be logged again). */
    uniqueIndex('one_to_ones_once')
      .on(sql`least(${t.requesterId}, ${t.partnerId})`, sql`greatest(${t.requesterId}, ${t.partnerId})`, t.metOn)
      .where(sql`status <> 'declined' and requester_id is not null and partner_id is not null`),
    index('one_to_ones_requester_idx').on(t.requesterId, t.metOn),
    index('one_to_ones_partner_idx').on(t.partnerId, t.metOn),
    check('one_to_ones_status', sql`${t.status} in ('pending', 'confirmed', 'declined')`),
    check('one_to_ones_not_self', sql`${t.requesterId} <> ${t.partnerId}`),
  ],
);

/** `Témoignages`: one per author and member, shown on the member's public card once approved. */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** 'pending' | 'approved' | 'declined'. */
    status: text('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('testimonials_one_per_author').on(t.authorId, t.subjectId),
    index('testimonials_subject_idx').on(t.subjectId, t.status, t.decidedAt),
    check('testimonials_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('testimonials_not_self', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);

// ---------------------------------------------------------------------------
// Notifications (network-core §8)
// ---------------------------------------------------------------------------

/**
 * One line of a member's notification centre. `email` is how it leaves by mail, fixed when it is
 * written from the member's setting for its kind: 'immediate' (queued in the same transaction,
 * `emailed_at` set), 'daily' / 'weekly' (waiting for the digest job, which sets `emailed_at`),
 * 'never'.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** A path of the site. */
    link: text('link'),
    /**
     * The member whose action it tells (named in the title): when their account is deleted, their
     * name in these lines becomes `Ancien membre` (domain/member-data.ts eraseAccount).
     */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    /** The unread ones: their count, and the latest first (`Aujourd'hui`; migration 0020). */
    index('notifications_unread_latest_idx').on(t.userId, t.createdAt, t.id).where(sql`read_at is null`),
    index('notifications_actor_idx').on(t.actorId).where(sql`actor_id is not null`),
    index('notifications_digest_due_idx')
      .on(t.email, t.userId)
      .where(sql`emailed_at is null and email in ('daily', 'weekly')`),
    check('notifications_email', sql`${t.email} in ('immediate', 'daily', 'weekly', 'never')`),
  ],
);

/**
 * A member's email frequency per kind; a kind without a row is 'immediate'. `push`: whether the
 * kind goes to the member's push devices too (issue 28; every device of theirs, decision 0017);
 * a kind without a row does.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    frequency: text('frequency').notNull(),
    push: boolean('push').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_settings_frequency', sql`${t.frequency} in ('immediate', 'daily', 'weekly', 'never')`),
  ],
);

/**
 * One digest per member, frequency and period ('2026-11-25' for a day, '2026-W48' for a week, in
 * Europe/Paris): the unique key is what makes a digest leave once, whichever instance sends it
 * (decision 0007's `job_runs` key, per member).
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    period: text('period').notNull(),
    notificationCount: integer('notification_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_digests_once').on(t.userId, t.frequency, t.period),
    check('notification_digests_frequency', sql`${t.frequency} in ('daily', 'weekly')`),
  ],
);

// ---------------------------------------------------------------------------
// Meetings, attendance, guests (network-core §4-5)
// ---------------------------------------------------------------------------

/**
 * A group's meeting. Generated from the group's rhythm 8 weeks ahead (job `generate-meetings`):
 * `scheduled_on` is the rhythm's date, unique per group, so running the generator twice or on two
 * instances creates nothing twice. Leaders move one (`starts_at` changes, `scheduled_on` stays)
 * or cancel it, with a message to the members.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    scheduledOn: date('scheduled_on').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    /** 'scheduled' | 'cancelled'. */
    status: text('status').notNull().default('scheduled'),
    /** The leaders' message when they moved or cancelled it. */
    changeMessage: text('change_message'),
    /** `Présentation de la semaine`: the member presenting (the rota leaders set). */
    presenterId: text('presenter_id').references(() => user.id, { onDelete: 'set null' }),
    /** The members' reminder of the day before went out (job `remind-meetings`), once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Hybrid meetings (issue 30): this meeting's visio link, else the group's (groups.visio_url). */
    visioUrl: text('visio_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetings_once').on(t.groupId, t.scheduledOn),
    index('meetings_group_starts_idx').on(t.groupId, t.startsAt),
    /** A group's meetings not over yet (`Aujourd'hui`'s next meeting; migration 0020). */
    index('meetings_group_upcoming_idx').on(t.groupId, t.endsAt).where(sql`status = 'scheduled'`),
    index('meetings_starts_idx').on(t.startsAt),
    check('meetings_status', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('meetings_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One member's attendance at one meeting (network-core §4). */
export const meetingAttendance = pgTable(
  'meeting_attendance',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'present' | 'absent' | 'late' | 'excused' | 'substituted' | 'remote' (`À distance`, issue 30). */
    status: text('status').notNull(),
    /** `Remplacé`: who came instead. */
    substituteName: text('substitute_name'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** 'qr' (the member scanned) | 'secretary' (ticked on the list) | 'connected' (`Je suis connecté`). */
    source: text('source').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index('meeting_attendance_user_idx').on(t.userId, t.status),
    check(
      'meeting_attendance_status',
      sql`${t.status} in ('present', 'absent', 'late', 'excused', 'substituted', 'remote')`,
    ),
    check('meeting_attendance_source', sql`${t.source} in ('qr', 'secretary', 'connected')`),
    check('meeting_attendance_substitute', sql`(${t.status} = 'substituted') = (${t.substituteName} is not null)`),
  ],
);

// Minutes (issue 30, migration hybrid_minutes) ------------------------------------------------
/**
 * A meeting's minutes (`Compte rendu`): a snapshot (jsonb, MinutesContent of
 * packages/shared/src/minutes.ts) generated once after the meeting's end by the job
 * `generate-minutes` (the unique meeting_id settles two instances), corrected by the leaders until
 * locked_at (generated_at + 48 h), each correction bumping version (optimistic concurrency).
 */
export const meetingMinutes = pgTable(
  'meeting_minutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .unique('meeting_minutes_meeting_once')
      .references(() => meetings.id, { onDelete: 'cascade' }),
    content: jsonb('content').notNull(),
    version: integer('version').notNull().default(1),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    correctedBy: text('corrected_by').references(() => user.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
  },
  (t) => [check('meeting_minutes_version', sql`${t.version} >= 1`)],
);

/**
 * The absence alerts sent to a group's leaders: one per member and meeting that crossed the
 * group's threshold, so recording the same absence twice alerts once.
 */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    absences: integer('absences').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('absence_alerts_once').on(t.userId, t.meetingId),
    index('absence_alerts_group_idx').on(t.groupId),
  ],
);

/**
 * A guest (visiteur) a member invites to a meeting (network-core §5): a person who is not a
 * member, stored only with the consent the inviter confirms, confirmed by the guest through a
 * signed link without an account, deleted 12 months after their last meeting unless they became
 * a member (job `purge-guests`: the personal columns are wiped, `purged_at` set).
 */
export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    tradeId: uuid('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    company: text('company'),
    /** When the inviter confirmed the guest agreed to be written to. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** 'invited' | 'registered' | 'came' | 'followed_up' | 'applicant' | 'member' | 'not_interested'. */
    status: text('status').notNull().default('invited'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** 'invited' (a member invited them) | 'self' (they registered on /groupes/{slug}/visiter, issue 30). */
    source: text('source').notNull().default('invited'),
    /** The follow-up mails (job `follow-up-visitors`), each sent once: `Merci de votre visite`, then the invitation to apply. */
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    applyInvitedAt: timestamp('apply_invited_at', { withTimezone: true }),
    /** The visitor's one-click unsubscribe from the follow-up mails (every row of their email gets it). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The account the guest became a member with. */
    memberUserId: text('member_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The start of the guest's last meeting: the 12 months of retention run from it. */
    lastMeetingAt: timestamp('last_meeting_at', { withTimezone: true }).notNull(),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('guests_once_per_meeting').on(t.meetingId, sql`lower(${t.email})`).where(sql`purged_at is null`),
    index('guests_group_idx').on(t.groupId, t.createdAt),
    index('guests_inviter_idx').on(t.invitedBy, t.createdAt),
    index('guests_group_email_idx').on(t.groupId, sql`lower(${t.email})`).where(sql`purged_at is null`),
    index('guests_purge_idx').on(t.lastMeetingAt).where(sql`purged_at is null and status <> 'member'`),
    check(
      'guests_status',
      sql`${t.status} in ('invited', 'registered', 'came', 'followed_up', 'applicant', 'member', 'not_interested')`,
    ),
    check('guests_source', sql`${t.source} in ('invited', 'self')`),
    check('guests_identity', sql`${t.purgedAt} is not null or (${t.name} is not null and ${t.email} is not null)`),
  ],
);

// ---------------------------------------------------------------------------
// Forum and mutual help (network-core §9, issue 18)
// ---------------------------------------------------------------------------

/** PostgreSQL's text search vector: written by the database (generated columns), never by us. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a title or body is searched as: French stemming ('french' configuration, the same on PGlite
 * and PostgreSQL), accents folded (no `unaccent` on PGlite: `translate` instead), so that
 * `facture électronique` finds `factures electroniques`. Queries fold theirs the same way
 * (FORUM_FOLD in domain/forum/forum-search.ts).
 */
export const FORUM_ACCENTS = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ';
export const FORUM_PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA';
const folded = (column: string) => `translate(${column}, '${FORUM_ACCENTS}', '${FORUM_PLAIN}')`;

/**
 * Categories: national ones (group_id null, managed by admins) and exactly one per group, seen by
 * that group's members only (created with the group, backfilled by the migration).
 */
export const forumCategories = pgTable(
  'forum_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('forum_categories_slug').on(t.slug),
    uniqueIndex('forum_categories_one_per_group').on(t.groupId).where(sql`group_id is not null`),
    check('forum_categories_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** A question or discussion. `accepted_post_id` must be a reply of this very topic (composite key). */
export const forumTopics = pgTable(
  'forum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => forumCategories.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted (`Ancien membre`): the discussion stays. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The asker lets visitors read it (national categories only). */
    isPublic: boolean('is_public').notNull().default(false),
    acceptedPostId: uuid('accepted_post_id'),
    /** Visible replies, kept by the domain in the reply's transaction (lists read it, no count). */
    replyCount: integer('reply_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('french'::regconfig, ${folded('title')}), 'A') || setweight(to_tsvector('french'::regconfig, ${folded('body')}), 'B')`,
      ),
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_topics_category_idx').on(t.categoryId, t.lastActivityAt.desc(), t.id),
    index('forum_topics_author_idx').on(t.authorId),
    index('forum_topics_search_idx').using('gin', t.search),
    check('forum_topics_hidden_reason', sql`${t.hiddenAt} is null or ${t.hiddenReason} is not null`),
    foreignKey({
      name: 'forum_topics_accepted_post_fk',
      columns: [t.acceptedPostId, t.id],
      foreignColumns: [forumPosts.id, forumPosts.topicId],
    }),
  ],
);

/** A reply to a topic. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references((): AnyPgColumn => forumTopics.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    search: tsvector('search').generatedAlwaysAs(sql.raw(`to_tsvector('french'::regconfig, ${folded('body')})`)),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('forum_posts_id_topic').on(t.id, t.topicId),
    index('forum_posts_topic_idx').on(t.topicId, t.createdAt, t.id),
    index('forum_posts_author_idx').on(t.authorId),
    index('forum_posts_search_idx').using('gin', t.search),
    check('forum_posts_hidden_reason', sql`${t.hiddenAt} is null or ${t.hiddenReason} is not null`),
  ],
);

/** Members named with `@` in a topic or a reply (notified once each). */
export const forumMentions = pgTable(
  'forum_mentions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    /** Null: the mention is in the topic's own text. */
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('forum_mentions_once_in_topic').on(t.topicId, t.userId).where(sql`post_id is null`),
    uniqueIndex('forum_mentions_once_in_post').on(t.postId, t.userId).where(sql`post_id is not null`),
    index('forum_mentions_user_idx').on(t.userId),
  ],
);

/** `Signaler`: one report per member and message; decided by the group's leaders or admins. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    /** Null: the topic itself is reported. */
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    /** 'open' | 'hidden' (the message was hidden) | 'dismissed' (left visible). */
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('forum_reports_once_topic').on(t.topicId, t.reporterId).where(sql`post_id is null`),
    uniqueIndex('forum_reports_once_post').on(t.postId, t.reporterId).where(sql`post_id is not null`),
    index('forum_reports_open_idx').on(t.status, t.createdAt),
    check('forum_reports_status', sql`${t.status} in ('open', 'hidden', 'dismissed')`),
  ],
);

/** Hide and restore, with their reasons: the record a hidden message keeps. */
export const forumModerationEvents = pgTable(
  'forum_moderation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    /** 'hide' | 'restore'. */
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_moderation_events_topic_idx').on(t.topicId, t.createdAt),
    check('forum_moderation_events_action', sql`${t.action} in ('hide', 'restore')`),
  ],
);

// ---------------------------------------------------------------------------
// Reputation score (network-core §7, issue 18)
// ---------------------------------------------------------------------------

/**
 * Each member's score, as the daily job last computed it (`computed_on`, a Paris day): the total
 * out of 100, its colour and the breakdown by source (SCORE_SOURCES in @synergie/shared).
 */
export const memberScores = pgTable(
  'member_scores',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    /** 'green' | 'orange' | 'red' | 'grey'. */
    colour: text('colour').notNull(),
    /** ScoreBreakdown: per source, the count found, the points and what the page says of it. */
    breakdown: jsonb('breakdown').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    computedOn: date('computed_on', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_scores_score_idx').on(t.score),
    check('member_scores_range', sql`${t.score} between 0 and 100`),
    check('member_scores_colour', sql`${t.colour} in ('green', 'orange', 'red', 'grey')`),
  ],
);

/** One row per Paris day the scores were computed: the instance that inserts it does the work. */
export const scoreRuns = pgTable('score_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  members: integer('members'),
});

// ---------------------------------------------------------------------------
// Commissions opt-out and annual renewals (network-core §1 and §10, issue 19)
// ---------------------------------------------------------------------------

/**
 * Members who renounced commissions (`Je renonce aux commissions`: offered to regulated trades,
 * whose ethics rules may forbid a fee for bringing business): no commission line is recorded for
 * them while the row exists.
 */
export const commissionOptOuts = pgTable('commission_opt_outs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The renewal reminders sent (loi Chatel style, annual plan): one per member and period end. The
 * job inserts the row before queueing the mail in the same transaction, so two instances at once
 * send it once (the primary key settles the race).
 */
/**
 * Issue 32: the SEPA Direct Debit mandates the provider reported (webhooks), one row per mandate.
 * Never the IBAN: its last 4 digits only. `text_version` is the wording shown before checkout
 * (packages/shared/src/sepa-debit.ts). The member is known by the customer when the mandate comes
 * before the subscription's own event; `user_id` is filled once known.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    mandateId: text('mandate_id').primaryKey(),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    textVersion: text('text_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ibanLast4: text('iban_last4'),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sepa_mandates_user_idx').on(t.userId),
    index('sepa_mandates_customer_idx').on(t.customerId),
    check('sepa_mandates_last4_check', sql`${t.ibanLast4} is null or ${t.ibanLast4} ~ '^[0-9A-Z]{4}$'`),
  ],
);

/**
 * Issue 32: an invoice whose debit failed, counted from the provider's `invoice.payment_failed`
 * events (their ids in billing_events). Settled by its `invoice.paid`.
 */
export const failedDebits = pgTable(
  'failed_debits',
  {
    providerInvoiceId: text('provider_invoice_id').primaryKey(),
    provider: text('provider').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** Attempts so far (the first debit is 1), the highest the provider reported. */
    attemptCount: integer('attempt_count').notNull(),
    /** The provider's next attempt; null once it gave up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('failed_debits_open_idx').on(t.userId).where(sql`${t.settledAt} is null`),
    check('failed_debits_attempts_check', sql`${t.attemptCount} >= 1`),
  ],
);

/**
 * Issue 32: each mail of a failed debit, claimed once (primary key) in the transaction that
 * queues it: `failed`, `retry-2` … `retry-4` (before that attempt), `exhausted`, `grace-ended`.
 */
export const failedDebitNotices = pgTable(
  'failed_debit_notices',
  {
    providerInvoiceId: text('provider_invoice_id')
      .notNull()
      .references(() => failedDebits.providerInvoiceId, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerInvoiceId, t.notice] })],
);

export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The subscription's current_period_end the reminder was sent for. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd] })],
);

// ---------------------------------------------------------------------------
// Self-billing and invoices of commissions (issue 19, network-core §10)
// ---------------------------------------------------------------------------

/**
 * Self-billing mandates (autofacturation, CGI art. 289 I-2): the history is kept. A new acceptance
 * supersedes the active one (superseded_at), a revocation sets revoked_at; at most one active
 * mandate per member (partial unique index). The accepted text is kept in full with its hash.
 */
export const selfBillingMandates = pgTable(
  'self_billing_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the accepted text and date are kept, as the invoices are. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    legalName: text('legal_name').notNull(),
    siren: text('siren').notNull(),
    siret: text('siret'),
    addressLine: text('address_line').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull().default('FR'),
    /**
     * 'franchise' (art. 293 B du CGI) | 'assujetti' (with vat_number) | 'autoliquidation' (a
     * business of another member state, with its VAT number there: invoiced without VAT).
     */
    vatStatus: text('vat_status').notNull(),
    vatNumber: text('vat_number'),
    version: text('version').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('self_billing_mandates_active_unique')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null and ${t.supersededAt} is null`),
    check('self_billing_mandates_vat_check', sql`${t.vatStatus} in ('franchise', 'assujetti', 'autoliquidation')`),
    check(
      'self_billing_mandates_vat_number_check',
      sql`(${t.vatStatus} in ('assujetti', 'autoliquidation')) = (${t.vatNumber} is not null)`,
    ),
    // Reverse charge is for a business established outside France, and only for it.
    check('self_billing_mandates_country_check', sql`(${t.vatStatus} = 'autoliquidation') = (${t.country} <> 'FR')`),
  ],
);

/**
 * Each series' numbering, per year (the series is the beneficiary's code, kept on every document):
 * incremented in the transaction that issues the document. Keyed by the series, not the member,
 * so that a credit note issued after the account is deleted continues the same series.
 */
export const selfBillingCounters = pgTable(
  'self_billing_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Invoices issued in the beneficiary's name, and credit notes (kind 'credit_note', negative
 * amounts, credits_invoice_id). Never edited: a contested invoice is cancelled by a credit note.
 * Issuer and client are snapshots of the mandate and of Synergie Pro at issue time; kept when the
 * account is deleted (user_id set null).
 */
export const selfBillingInvoices = pgTable(
  'self_billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    /** The series the number belongs to (the beneficiary's code): AF-{series}-{year}-{seq}. */
    series: text('series').notNull(),
    kind: text('kind').notNull().default('invoice'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    mandateId: uuid('mandate_id').references(() => selfBillingMandates.id, { onDelete: 'set null' }),
    creditsInvoiceId: uuid('credits_invoice_id')
      .unique()
      .references((): AnyPgColumn => selfBillingInvoices.id),
    /** The statement month closed, 'YYYY-MM'. */
    month: text('month').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuer: jsonb('issuer').notNull(),
    client: jsonb('client').notNull(),
    vatStatus: text('vat_status').notNull(),
    vatRateBps: integer('vat_rate_bps').notNull(),
    totalExclVatCents: integer('total_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclVatCents: integer('total_incl_vat_cents').notNull(),
    /** The statement's lines: label, statement month, amount excluding VAT in cents. */
    lines: jsonb('lines').notNull(),
    contestedAt: timestamp('contested_at', { withTimezone: true }),
    contestReason: text('contest_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('self_billing_invoices_user_idx').on(t.userId, t.issuedAt),
    index('self_billing_invoices_month_idx').on(t.month),
    check('self_billing_invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('self_billing_invoices_amounts_check', sql`${t.totalInclVatCents} = ${t.totalExclVatCents} + ${t.vatCents}`),
    check('self_billing_invoices_credit_check', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} is not null)`),
  ],
);

// ---------------------------------------------------------------------------
// Membership invoices (issue 32, docs/product/invoicing.md "Factures d'adhésion")
// ---------------------------------------------------------------------------

/**
 * The numbering of the membership series ('FA' invoices, 'AV' credit notes), per Paris year: the
 * row is locked (insert … on conflict do update) in the transaction that writes the document, so
 * concurrent payments queue on it and the numbers have no gap.
 */
export const membershipInvoiceCounters = pgTable(
  'membership_invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * One invoice per membership payment (invoices.id), one credit note per refunded payment: unique
 * (payment_id, kind), so a replayed event writes nothing twice. Seller and buyer are snapshots at
 * issue time; never edited; kept when the account is deleted (user_id set null).
 */
export const membershipInvoices = pgTable(
  'membership_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoices.id),
    creditsInvoiceId: uuid('credits_invoice_id')
      .unique()
      .references((): AnyPgColumn => membershipInvoices.id),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    planId: text('plan_id').notNull(),
    label: text('label').notNull(),
    /** The membership period paid, Paris calendar days. */
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    vatRateBps: integer('vat_rate_bps').notNull(),
    /** Issued without French VAT to a business of another member state (`Autoliquidation`). */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** Cents; a credit note's are negative. */
    totalExclVatCents: integer('total_excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclVatCents: integer('total_incl_vat_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_invoices_payment_kind_unique').on(t.paymentId, t.kind),
    index('membership_invoices_user_idx').on(t.userId, t.issuedAt),
    index('membership_invoices_issued_idx').on(t.issuedAt),
    check('membership_invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('membership_invoices_amounts_check', sql`${t.totalInclVatCents} = ${t.totalExclVatCents} + ${t.vatCents}`),
    check(
      'membership_invoices_reverse_charge_check',
      sql`not ${t.reverseCharge} or (${t.vatCents} = 0 and ${t.vatRateBps} = 0)`,
    ),
    check('membership_invoices_credit_check', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} is not null)`),
  ],
);

/** Which commission lines an invoice pays: a line is in at most one invoice not cancelled. */
export const selfBillingInvoiceLines = pgTable(
  'self_billing_invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => selfBillingInvoices.id),
    commissionId: uuid('commission_id')
      .notNull()
      .references(() => commissions.id),
    amountCents: integer('amount_cents').notNull(),
    /** Set when a credit note cancels the invoice: the line is payable again. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.commissionId] }),
    uniqueIndex('self_billing_invoice_lines_active_unique').on(t.commissionId).where(sql`${t.releasedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Web Push (issue 28, docs/decisions/0017-web-push.md)
// ---------------------------------------------------------------------------

/**
 * The VAPID key pair, made at the first start when the settings give none (domain/push/vapid.ts).
 * One row (id = 1): two instances starting at once both insert `on conflict do nothing`, then
 * both read the one that won.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id} = 1`)],
);

/** One browser's push subscription (a device): its endpoint is unique, whoever subscribed last owns it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's ECDH P-256 public key (65 bytes, base64url) and auth secret (16 bytes). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** `Chrome sur Android`, from the user agent that subscribed. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Pushes waiting to leave, one per device (domain/push/outbox.ts): written in the transaction of
 * the notification, sent by any instance's worker (`FOR UPDATE SKIP LOCKED` and a lease, as the
 * mail outbox). A test push has no notification. Rows go with their device (404/410 drop it).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** The JSON the device decrypts: { title, body, url, tag } (no one's data who is not a member). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('push_outbox_user_idx').on(t.userId, t.createdAt),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
    uniqueIndex('push_outbox_notification_device_idx').on(t.notificationId, t.subscriptionId),
    check('push_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The answers of writes sent with an `Idempotency-Key` header (issue 28, offline writes): the
 * first request of a key claims its row (the primary key settles concurrent copies), runs, and
 * stores its answer; a copy with the same body gets the stored answer again, one with another
 * body a 422. `response_status` is null while the first request runs. Purged after 7 days
 * (domain/idempotency.ts, `purgeIdempotencyKeys`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The endpoint's operationId: a key is one operation's. */
    operation: text('operation').notNull(),
    /** sha256 of the operation, the path's parameters and the body, hex. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    /** The answer's body as it was sent (JSON text). */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Live meeting (issue 30, migration 0021_live_meeting, docs/product/live-meeting.md)
// ---------------------------------------------------------------------------

/**
 * A meeting run live: its phase, the round's speaker, and `version`, which every `Suivant` bumps
 * with `update … where version = $v` so two leaders pressing at once move it once.
 */
export const meetingLive = pgTable(
  'meeting_live',
  {
    meetingId: uuid('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** 'welcome' | 'round' | 'presentation' | 'visitors' | 'thanks' | 'recommendations' | 'ended'. */
    phase: text('phase').notNull().default('welcome'),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The round's speaker: an index in the round (members in check-in order, domain/live-meeting.ts). */
    speakerIndex: integer('speaker_index').notNull().default(0),
    speakerId: text('speaker_id').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    showRecommendations: boolean('show_recommendations').notNull().default(false),
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'meeting_live_phase',
      sql`${t.phase} in ('welcome', 'round', 'presentation', 'visitors', 'thanks', 'recommendations', 'ended')`,
    ),
  ],
);

/** Every change of a live meeting: its id is the SSE event id a reconnecting phone resumes from. */
export const meetingLiveEvents = pgTable(
  'meeting_live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_live_events_meeting_idx').on(t.meetingId, t.id)],
);

/**
 * The admins' outgoing webhooks (issue 33, domain/webhooks): an HTTPS address, its signing secret
 * (`whsec_…`, Standard Webhooks; kept to sign, shown once) and the events it receives.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description'),
  secret: text('secret').notNull(),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One event for one address: written in the transaction of the change (nothing leaves before the
 * commit, sending never holds the change up), sent by any instance's worker (`FOR UPDATE SKIP
 * LOCKED` and a lease, as the mail outbox). `event_key` makes an event once per address.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header (`msg_…`): the same on every attempt and replay. */
    messageId: text('message_id').notNull(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body sent: { type, timestamp, data } (no personal data of people who are not members). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventKey),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

// ---------------------------------------------------------------------------
// Electronic invoicing through a plateforme agréée (issue 32, domain/einvoicing/)
// ---------------------------------------------------------------------------

/**
 * The deposit outbox: one row per invoice or credit note to hand to the plateforme agréée,
 * written by the worker's scan (`queueDeposits`), claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease, deposited once (the platform's flow id kept), then its lifecycle read until a final
 * status.
 */
export const einvoiceDeposits = pgTable(
  'einvoice_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'membership' (membership_invoices) or 'self_billing' (self_billing_invoices). */
    series: text('series').notNull(),
    documentId: uuid('document_id').notNull(),
    /** The document's number: the flow's tracking id at the platform (one flow per number). */
    number: text('number').notNull(),
    /** 'pending' (to deposit), 'following' (deposited, its lifecycle read), 'done' (a final status), 'failed' (given up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim's lease: the instance that set it owns the row until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    flowId: text('flow_id'),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    /** The latest lifecycle status (XP Z12-012 codes: 200 Déposée … 212 Encaissée). */
    lifecycleCode: integer('lifecycle_code'),
    lifecycleAt: timestamp('lifecycle_at', { withTimezone: true }),
    lifecycleReason: text('lifecycle_reason'),
    /** Every status read, in order: [{ code, at, reason }]. */
    lifecycle: jsonb('lifecycle').notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('einvoice_deposits_document_idx').on(t.series, t.documentId),
    uniqueIndex('einvoice_deposits_number_idx').on(t.number),
    index('einvoice_deposits_due_idx').on(t.status, t.nextAttemptAt),
    check('einvoice_deposits_series_check', sql`${t.series} in ('membership', 'self_billing')`),
    check('einvoice_deposits_status_check', sql`${t.status} in ('pending', 'following', 'done', 'failed')`),
  ],
);

/**
 * The local simulator of a plateforme agréée (development, the demo, the tests): the flows it
 * received, one per tracking id. Its statuses follow from the time since the deposit
 * (domain/einvoicing/simulator.ts), so every instance answers the same.
 */
export const einvoicingSimulatorFlows = pgTable('einvoicing_simulator_flows', {
  flowId: uuid('flow_id').primaryKey().defaultRandom(),
  trackingId: text('tracking_id').notNull().unique(),
  name: text('name').notNull(),
  sellerSiren: text('seller_siren'),
  buyerSiren: text('buyer_siren'),
  /** 'approve', 'reject' (the platform's checks failed) or 'refuse' (the buyer refuses). */
  verdict: text('verdict').notNull(),
  reason: text('reason'),
  depositedAt: timestamp('deposited_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Member quotas (issue 33, domain/quotas.ts, packages/shared/src/quotas.ts)
// ---------------------------------------------------------------------------

/**
 * One row per member and quota: the counts of the current hour and of the current Paris day,
 * moved by one conditional upsert (`insert … on conflict do update … where count < max`), so of
 * N+k concurrent actions exactly N pass, on every instance. `refused_*` tell the admins who hit
 * it; `lifted_until` is an admin's lift for this member (counted, never refused until then).
 */
export const memberQuotaCounters = pgTable(
  'member_quota_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    quota: text('quota').notNull(),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    hourCount: integer('hour_count').notNull().default(0),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    dayCount: integer('day_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
    liftedUntil: timestamp('lifted_until', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.quota] }),
    index('member_quota_counters_refused_idx').on(t.lastRefusedAt),
    check('member_quota_counters_counts', sql`${t.hourCount} >= 0 and ${t.dayCount} >= 0`),
  ],
);

/**
 * The version of a member's personal calendar feed link (issue 33): no row is version 0, the links
 * given before; `Renouveler le lien` on /profile adds one, and a token of another version is a 404.
 */
export const calendarLinks = pgTable(
  'calendar_links',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('calendar_links_version_positive', sql`${t.version} > 0`)],
);
