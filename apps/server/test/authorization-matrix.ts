import { createECDH, randomBytes } from 'node:crypto';
import { parisToday } from '@synergie/shared';
import { type AccessLevel, type AccessRule, accessRule, type GroupRole, type RouteAccess } from '../src/plugins/access';
import { sireneCompanies } from './helpers/sirene-server';

/**
 * The authorization matrix: every route of the server's route table (method + URL pattern, as
 * Fastify registered it), with the status each kind of caller gets. test/authorization-matrix.test.ts
 * lists the routes from the app itself, with the access each one declares (`config.access`,
 * plugins/access.ts), and fails on a route missing here, or on an entry whose route no longer
 * exists. Fastify's automatic HEAD mirrors of GET routes are left out.
 *
 * Who is refused comes from the route's declaration (`refusedBy`), never from this file. An entry
 * keeps only what cannot be derived: the URL with ids, the body, the status of a caller the
 * declaration lets through (`success`), and where the domain answers some of them otherwise (an
 * owner check, a subscriber who cannot subscribe twice), `otherwise`.
 *
 * Actors:
 * - visitor: no session;
 * - member: signed in, no subscription;
 * - subscriber: signed in, subscribed (trial), owns none of the resources below;
 * - other: another subscriber; for an owner's route, the resource belongs to someone else
 *   (for a contact request or shared project, "other" is the party that may not act);
 * - owner: the subscriber who owns the resources (service, project, job, event, contact request
 *   received, shared project, own session);
 * - admin: an account listed in ADMIN_EMAILS, without a subscription (a leader of every group);
 * - leader: a subscriber, président of the World's group (group A);
 * - foreignLeader: a subscriber, président of another group (B), member of nothing in A;
 * - groupMember: a subscriber, active member of group A without a role.
 *
 * A group route's refusals come from its declaration too (`refusedFor`): 401 for a visitor, the
 * level's 403s, then 403 for everyone without the group role in group A.
 *
 * An expected status is an exact code, or a class ('2xx', '3xx') when the exact success code
 * does not matter.
 */

/** An id no row has: the admin reaches the domain, which answers 404. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The push service the matrix's devices name (nothing listens: nothing is sent during the test). */
export const MATRIX_PUSH_ORIGIN = 'http://127.0.0.1:9';
/** A device's keys: a point of P-256 and a 16-byte auth secret. */
export const MATRIX_PUSH_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
})();

// The owner comes last: on each route, a resource is still there for every caller until its owner
// deletes it.
export const ACTORS = [
  'visitor',
  'member',
  'subscriber',
  'other',
  'admin',
  'leader',
  'foreignLeader',
  'groupMember',
  'owner',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Expected = number | '2xx' | '3xx';
export type Expectations = Record<Actor, Expected>;

/** Ids of the resources the test creates before calling the routes (see the test's setup). */
export interface World {
  /** A member who never signs in: target of ratings, contact requests and admin edits. */
  target: { id: string; email: string };
  /** Deleted by the admin (DELETE /api/admin/members/:userId). */
  victimId: string;
  /** A subscriber whose demo subscription the admin renews and ends. */
  billingVictimId: string;
  ownerId: string;
  ownerSessionId: string;
  service: string;
  project: string;
  job: string;
  event: string;
  /** Received by the owner from "subscriber" (accept). */
  requestToAccept: string;
  /** Received by the owner from "other" (decline). */
  requestToDecline: string;
  /** Between the owner and "other". */
  sharedProject: string;
  /** Logged by a subscriber outside the actors, with the owner (answered by the owner). */
  oneToOne: string;
  /** Written by a subscriber outside the actors about the owner (answered by the owner). */
  testimonialToAnswer: string;
  /** Its `createdAt`: the version the owner read (issue 33). */
  testimonialToAnswerWrittenAt: string;
  /** Written by the owner about a subscriber outside the actors (withdrawn by the owner). */
  ownerTestimonial: string;
  category: string;
  partner: string;
  /** Trades the admin edits, and merges one into the other (POST /api/admin/trades/:tradeId/merge). */
  trade: string;
  mergedTrade: string;
  /** A group the admin edits (PUT /api/admin/groups/:groupId). */
  adminGroup: string;
  /** An image the owner uploaded, served from /storage. */
  storedImage: string;
  /** Each actor's own email, for bodies that must name it. */
  emails: Record<Actor, string>;
  /** Group A: the leader's group, where groupMember sits. */
  group: string;
  groupSlug: string;
  /** A pending application to group A, its objection period running (accept answers 409). */
  pendingApplication: string;
  /** A refused application of group A (refuse answers 409 APPLICATION_CLOSED). */
  closedApplication: string;
  /** A member of group A the admin removes (the leader then finds them gone). */
  removable: string;
  /** A member of group A named secretary-treasurer. */
  secretary: string;
  /** The owner's own pending application (to group B), withdrawn by the owner. */
  ownerApplication: string;
  /**
   * Waiting lists: `group`, whose plumber seat is held (subscriber, other and owner are plumbers);
   * the owner's places: waiting in `group` (`leave`), offered a freed seat elsewhere (`decline`,
   * `accept`).
   */
  waitlist: { group: string; leave: string; decline: string; accept: string };
  /** A recommendation "other" gave the owner (the owner moves it, "other" confirms the business). */
  recommendation: string;
  /** Group A's next meeting (read by its members, moved by its leaders). */
  meeting: string;
  /** A meeting of group A starting in 10 minutes: its QR code is open. */
  checkinMeeting: string;
  /** The owner's personal calendar feed token. */
  calendarToken: string;
  /**
   * The forum: the owner's topic in the national category `entraide` (not public), the owner's
   * reply to it, and a national category the admin edits.
   */
  forum: { topic: string; reply: string; category: string };
  /** Self-billing: two invoices issued in the owner's name (one contested by the owner, one credited by the admin). */
  selfBilling: { invoice: string; credited: string };
  /** A membership invoice of the owner's payment (issue 32). */
  membershipInvoice: string;
  /** The owner's push device (removed by the owner). */
  pushDevice: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixEntry {
  /** The route's methods as the route table holds them, comma-separated (HEAD left out). */
  method: Method | 'GET,POST';
  /** The method called, when the route has several. */
  call?: Method;
  /** The route as the route table holds it. */
  route: string;
  /** The URL called, ids as {placeholders} of World (default: the route itself). */
  url?: string;
  body?: Record<string, unknown> | ((world: World, actor: Actor) => Record<string, unknown>);
  /** The body is an image sent as multipart/form-data (field "file"). */
  multipart?: boolean;
  /** An event stream: its answer is judged on its status and headers, the stream then closed. */
  stream?: boolean;
  /** Each actor is a fresh account of that kind, made for this entry (DELETE /api/me). */
  disposableActors?: boolean;
  /** What a caller the route's declared access lets through gets. */
  success: Expected;
  /**
   * Callers the declaration lets through but the domain answers otherwise (an owner check...).
   * It cannot contradict the declaration: the test fails on an entry that gives a caller the
   * declaration refuses another status.
   */
  otherwise?: Partial<Expectations>;
}

/** The signed-in callers but the owner: how an owner-checked route answers them. */
const notOwner = (status: Expected): Partial<Expectations> => ({
  member: status,
  subscriber: status,
  other: status,
  admin: status,
  ...thirdParties(status),
});

/** The group actors, subscribers who own none of the resources of the other areas. */
const thirdParties = (status: Expected): Partial<Expectations> => ({
  leader: status,
  foreignLeader: status,
  groupMember: status,
});

/** Every subscribed caller. */
const subscribed = (status: Expected): Partial<Expectations> => ({
  subscriber: status,
  other: status,
  owner: status,
  ...thirdParties(status),
});

/**
 * What each access level refuses, and to whom, for the actors above (plugins/access.ts): a
 * visitor 401 above 'public'; for 'subscriber', 403 to the member and the admin, who have no
 * subscription; for 'admin', 403 to everyone but the admin.
 */
export function refusedBy(level: AccessLevel): Partial<Expectations> {
  switch (level) {
    case 'public':
      return {};
    case 'member':
      return { visitor: 401 };
    case 'subscriber':
      return { visitor: 401, member: 403, admin: 403 };
    case 'admin':
      return { visitor: 401, member: 403, subscriber: 403, other: 403, owner: 403, ...thirdParties(403) };
  }
}

/** Who holds each group role in group A (the admin leads every group; plugins/access.ts). */
const GROUP_ROLE_HOLDERS: Record<GroupRole, readonly Actor[]> = {
  leader: ['admin', 'leader'],
  member: ['admin', 'leader', 'groupMember'],
};

/**
 * What a declaration refuses, group roles included: the level's refusals first (401, 403 without
 * a subscription), then 403 to every signed-in caller without the role in group A, the leader of
 * group B included.
 */
export function refusedFor(rule: AccessRule): Partial<Expectations> {
  const refused = refusedBy(rule.level);
  if (!rule.group) return refused;
  const holders = GROUP_ROLE_HOLDERS[rule.group.role];
  return Object.fromEntries(
    ACTORS.map((actor) => [actor, refused[actor] ?? (holders.includes(actor) ? undefined : 403)]).filter(
      ([, status]) => status !== undefined,
    ),
  ) as Partial<Expectations>;
}

/** Each actor's expected status: the declaration's refusals first, then the entry's own. */
export function expectationsFor(entry: MatrixEntry, access: RouteAccess): Expectations {
  const refused = refusedFor(accessRule(access));
  return Object.fromEntries(
    ACTORS.map((actor) => [actor, refused[actor] ?? entry.otherwise?.[actor] ?? entry.success]),
  ) as Expectations;
}

const serviceBody = {
  title: 'Plomberie et chauffage',
  description: 'Installation, dépannage et entretien de vos équipements.',
  websiteUrl: 'plomberie-martin.fr',
  features: ['Dépannage 24h/24'],
  imageUrl: null,
};
export const projectBody = {
  title: 'Refonte du site de la boulangerie',
  description: 'Un site vitrine avec commande en ligne.',
  category: 'Site vitrine',
  tags: ['Design'],
  projectUrl: 'boulangerie-martin.fr',
  imageUrl: '',
};
export const jobBody = {
  title: 'Développeur React confirmé',
  location: 'Lyon',
  type: 'CDI',
  experience: '3 ans minimum',
  description: 'Rejoignez une équipe de six personnes pour construire nos applications web.',
  skills: 'React, TypeScript',
};
export const eventBody = () => {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    title: 'Afterwork des artisans',
    description: 'Rencontre entre membres, suivie d’un apéritif.',
    date: day,
    time: '18:30',
    location: 'Champigny-sur-Marne',
    maxAttendees: '',
    categoryId: '',
  };
};
export const profileBody = {
  fullName: 'Claire Martin',
  companyName: 'Martin Conseil',
  phone: '+33 6 12 34 56 78',
  bio: 'Consultante en stratégie pour les PME.',
  profession: 'Consultante',
  industry: 'Conseil',
  city: 'Lyon',
  sponsorName: '',
  websiteUrl: 'martin-conseil.fr',
  linkedinUrl: '',
  twitterUrl: '',
  githubUrl: '',
  facebookUrl: '',
  skills: ['Stratégie'],
  lookingFor: ['Comptable'],
};
export const partnerBody = { name: 'Immo Horizon', websiteUrl: 'immo-horizon.fr', logoUrl: null };
export const groupBody = {
  name: 'Synergie Pro Matrice',
  slug: 'groupe-matrice',
  city: 'Lyon',
  departmentCode: '69',
  region: 'Auvergne-Rhône-Alpes',
  description: '',
  meetingPlace: '12 quai Rambaud, Lyon',
  meetingRhythm: 'weekly',
  meetingWeekday: 2,
  meetingTime: '07:00',
};
export const selfBillingMandateBody = {
  legalName: 'Matrice Conseil',
  siren: '732829320',
  addressLine: '1 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  vatStatus: 'franchise',
  accepted: true,
};
export const CATEGORY_IMAGE = '/images/event-categories/atelier.svg';

export const authorizationMatrix: readonly MatrixEntry[] = [
  // --- Site, documentation, authentication --------------------------------------------------
  // Better Auth is one wildcard route (GET and POST); a GET of the session stands for it (null
  // for a visitor). Its own flows are tested in auth.test.ts and auth-flows.test.ts.
  { method: 'GET,POST', call: 'GET', route: '/api/auth/*', url: '/api/auth/get-session', success: 200 },
  { method: 'GET', route: '/.well-known/jwks.json', success: 200 },
  { method: 'GET', route: '/api/docs', success: '2xx' },
  // Swagger UI sends the old address on to /api/docs/.
  { method: 'GET', route: '/api/docs/static/index.html', success: '3xx' },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', success: 200 },
  { method: 'GET', route: '/api/docs/json', success: 200 },
  { method: 'GET', route: '/api/docs/yaml', success: 200 },
  { method: 'GET', route: '/api/docs/static/*', url: '/api/docs/static/swagger-ui.css', success: 200 },
  { method: 'GET', route: '/api/openapi.json', success: 200 },
  { method: 'GET', route: '/api/health', success: 200 },
  { method: 'GET', route: '/api', success: 404 },
  { method: 'GET', route: '/robots.txt', success: 200 },
  { method: 'GET', route: '/sitemap.xml', success: 200 },
  { method: 'GET', route: '/r/:code', url: '/r/INCONNU', success: 302 },
  { method: 'GET', route: '/storage/:bucket/*', url: '{storedImage}', success: 200 },
  // Sign-in methods (issue 19): what /auth offers, and the start of a social sign-in (none is
  // configured here: back to /auth).
  { method: 'GET', route: '/api/auth-methods', success: 200 },
  { method: 'GET', route: '/api/sign-in/:provider', url: '/api/sign-in/oidc', success: 302 },
  { method: 'GET', route: '/api/dev/mailbox', success: 200 },
  { method: 'GET', route: '/dev/mailbox', success: 200 },
  // The local plateforme agréée (issue 32, domain/einvoicing/simulator.ts): open at our level like
  // the dev mailbox, its flow calls refused without its own client-credentials token.
  { method: 'GET', route: '/dev/plateforme-agreee', success: 200 },
  { method: 'GET', route: '/dev/plateforme-agreee/flow/v1/healthcheck', success: 200 },
  { method: 'POST', route: '/dev/plateforme-agreee/token', success: 401 },
  { method: 'POST', route: '/dev/plateforme-agreee/flow/v1/flows', success: 401 },
  {
    method: 'GET',
    route: '/dev/plateforme-agreee/flow/v1/flows/:flowId',
    url: `/dev/plateforme-agreee/flow/v1/flows/${NO_SUCH_ID}`,
    success: 401,
  },
  // The web app's catch-all (prerendered pages and the SPA shell).
  { method: 'GET', route: '/*', url: '/', success: 200 },
  // Public form: anyone may write to the team.
  {
    method: 'POST',
    route: '/api/contact',
    body: { name: 'Claire Martin', email: 'claire@exemple.fr', message: 'Bonjour, une question sur les tarifs.' },
    success: 201,
  },
  // The public pages' forms posted without scripts (docs/decisions/0012): anyone may send them.
  // Sign-in and sign-up are called with what they refuse, so no caller's session changes.
  {
    method: 'POST',
    route: '/contact',
    body: { name: 'Claire Martin', email: 'claire@exemple.fr', message: 'Bonjour, une question sur les tarifs.' },
    success: 303,
  },
  { method: 'POST', route: '/auth', body: { email: 'personne@exemple.fr', password: 'Mauvais-2026' }, success: 401 },
  {
    method: 'POST',
    route: '/auth/inscription',
    body: { fullName: 'Claire Martin', email: 'claire@exemple.fr', password: 'court' },
    success: 400,
  },
  { method: 'POST', route: '/reset-password', body: { email: 'pas-un-email' }, success: 400 },

  // --- Public lists ------------------------------------------------------------------------
  { method: 'GET', route: '/api/partners', success: 200 },
  { method: 'GET', route: '/api/services', success: 200 },
  { method: 'GET', route: '/api/projects', success: 200 },
  { method: 'GET', route: '/api/jobs', success: 200 },
  { method: 'GET', route: '/api/events', success: 200 },
  { method: 'GET', route: '/api/event-categories', success: 200 },
  { method: 'GET', route: '/api/events/:id/ics', url: '/api/events/{event}/ics', success: 200 },
  { method: 'GET', route: '/api/profiles/:userId/public', url: '/api/profiles/{ownerId}/public', success: 200 },
  { method: 'GET', route: '/api/members/:userId/page', url: '/api/members/{ownerId}/page', success: 200 },
  { method: 'GET', route: '/api/members/:userId/vcard', url: '/api/members/{ownerId}/vcard', success: 200 },

  // --- The signed-in member's account --------------------------------------------------------
  { method: 'GET', route: '/api/me', success: 200 },
  { method: 'GET', route: '/api/me/sessions', success: 200 },
  { method: 'PUT', route: '/api/me/profile', body: profileBody, success: 200 },
  { method: 'POST', route: '/api/me/avatar', multipart: true, success: 200 },
  { method: 'POST', route: '/api/me/logo', multipart: true, success: 200 },
  { method: 'GET', route: '/api/me/export', success: 200 },
  { method: 'GET', route: '/api/me/referral', success: 200 },
  // Self-billing (network-core §10): every member has their own mandate; invoices are the owner's.
  { method: 'GET', route: '/api/me/self-billing', success: 200 },
  { method: 'PUT', route: '/api/me/self-billing/mandate', body: selfBillingMandateBody, success: 200 },
  // Deletions run last: by then every caller has accepted the mandate above.
  { method: 'DELETE', route: '/api/me/self-billing/mandate', success: 200 },
  {
    method: 'GET',
    route: '/api/me/self-billing/invoices/:id/pdf',
    url: '/api/me/self-billing/invoices/{selfBilling.invoice}/pdf',
    success: 200,
    otherwise: notOwner(404),
  },
  {
    method: 'GET',
    route: '/api/me/self-billing/invoices/:id/facturx',
    url: '/api/me/self-billing/invoices/{selfBilling.invoice}/facturx',
    success: 200,
    otherwise: notOwner(404),
  },
  {
    method: 'POST',
    route: '/api/me/self-billing/invoices/:id/contest',
    url: '/api/me/self-billing/invoices/{selfBilling.invoice}/contest',
    body: { reason: 'Le montant ne correspond pas.' },
    success: 204,
    otherwise: notOwner(404),
  },
  // Membership invoices (issue 32): every member has their list and details; documents are the owner's.
  { method: 'GET', route: '/api/me/membership-invoices', success: 200 },
  {
    method: 'PUT',
    route: '/api/me/billing-details',
    body: { siren: '732829320', vatNumber: 'FR44732829320' },
    success: 200,
  },
  // The SIREN looked up in Sirene (issue 32): the test's local stand-in of INSEE answers.
  {
    method: 'GET',
    route: '/api/me/billing-details/sirene/:siren',
    url: `/api/me/billing-details/sirene/${sireneCompanies.active}`,
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/me/membership-invoices/:id/pdf',
    url: '/api/me/membership-invoices/{membershipInvoice}/pdf',
    success: 200,
    otherwise: notOwner(404),
  },
  {
    method: 'GET',
    route: '/api/me/membership-invoices/:id/facturx',
    url: '/api/me/membership-invoices/{membershipInvoice}/facturx',
    success: 200,
    otherwise: notOwner(404),
  },
  { method: 'GET', route: '/api/me/applications', success: 200 },
  { method: 'GET', route: '/api/billing/subscription', success: 200 },
  { method: 'GET', route: '/api/billing/payment-details', success: 200 },
  // A second subscription would be billed twice: 409 for a subscriber.
  {
    method: 'POST',
    route: '/api/billing/checkout',
    body: { planId: 'monthly' },
    success: 200,
    otherwise: subscribed(409),
  },
  { method: 'POST', route: '/api/billing/portal', body: {}, success: 200 },
  // An unknown checkout session: the member is known (not 401), the session is refused (400).
  {
    method: 'POST',
    route: '/api/billing/demo/complete',
    body: { session: 'inconnue' },
    success: 400,
  },
  {
    method: 'POST',
    route: '/api/billing/demo/cancel-at-period-end',
    body: { cancel: false },
    success: 200,
    otherwise: { member: 404, admin: 404 },
  },
  // Résilier mon abonnement (issue 19): the subscribers' trials end with their period (they stay
  // subscribed until then); without a subscription there is nothing to cancel (409).
  {
    method: 'POST',
    route: '/api/billing/cancel',
    body: {},
    success: 200,
    otherwise: { member: 409, admin: 409 },
  },
  // The renewal reminder's link: a token that is not ours is refused to anyone signed in (400).
  {
    method: 'GET',
    route: '/api/billing/stop-renewal',
    url: '/api/billing/stop-renewal?token=inconnu',
    success: 400,
  },
  { method: 'POST', route: '/api/billing/stop-renewal', body: { token: 'inconnu' }, success: 400 },
  { method: 'GET', route: '/api/me/commission-opt-out', success: 200 },
  { method: 'PUT', route: '/api/me/commission-opt-out', body: { optedOut: false }, success: 200 },
  // Demo mode: no Stripe, so the webhook answers 404 to anyone (signature checked with Stripe on).
  { method: 'POST', route: '/api/billing/webhooks/stripe', body: {}, success: 404 },
  { method: 'POST', route: '/api/uploads/service-images', multipart: true, success: 200 },
  { method: 'DELETE', route: '/api/me/avatar', success: 200 },
  { method: 'DELETE', route: '/api/me/logo', success: 200 },
  // Someone else's session is unknown to you (404); the owner ends their own second session.
  {
    method: 'DELETE',
    route: '/api/me/sessions/:id',
    url: '/api/me/sessions/{ownerSessionId}',
    success: 200,
    otherwise: notOwner(404),
  },
  // Each actor a fresh account, deleting itself with its own email.
  {
    method: 'DELETE',
    route: '/api/me',
    body: (world, actor) => ({ confirmEmail: world.emails[actor] }),
    disposableActors: true,
    success: 200,
  },

  // --- Subscribers -------------------------------------------------------------------------------
  { method: 'GET', route: '/api/billing/access', success: 200 },
  { method: 'GET', route: '/api/me/projects', success: 200 },
  { method: 'GET', route: '/api/me/dashboard', success: 200 },
  { method: 'GET', route: '/api/members', success: 200 },
  { method: 'GET', route: '/api/members/facets', success: 200 },
  {
    method: 'PUT',
    route: '/api/members/:userId/rating',
    url: '/api/members/{target.id}/rating',
    body: { rating: 4 },
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/members/:userId/contact-requests',
    url: '/api/members/{target.id}/contact-requests',
    body: { message: 'Bonjour, travaillons ensemble.' },
    success: 201,
  },
  { method: 'GET', route: '/api/me/contact-requests', success: 200 },
  { method: 'GET', route: '/api/me/shared-projects', success: 200 },
  // Only the member who received the request answers it: its sender and third parties get 403.
  {
    method: 'POST',
    route: '/api/me/contact-requests/:id/accept',
    url: '/api/me/contact-requests/{requestToAccept}/accept',
    body: {},
    success: 200,
    otherwise: notOwner(403),
  },
  {
    method: 'POST',
    route: '/api/me/contact-requests/:id/decline',
    url: '/api/me/contact-requests/{requestToDecline}/decline',
    body: {},
    success: 200,
    otherwise: notOwner(403),
  },
  // Either member of the shared project edits it ("other" is a party here); third parties 403.
  {
    method: 'PUT',
    route: '/api/me/shared-projects/:id',
    url: '/api/me/shared-projects/{sharedProject}',
    body: { title: 'Projet commun', notes: 'À lancer en janvier.', status: 'in_progress' },
    success: 200,
    otherwise: { subscriber: 403, ...thirdParties(403) },
  },
  // --- One-to-ones and testimonials (network-core §3) -------------------------------------------
  // With the owner, each logs one; the owner cannot meet themself (400 SELF_ONE_TO_ONE).
  {
    method: 'POST',
    route: '/api/one-to-ones',
    body: (world) => ({ partnerId: world.ownerId, metOn: parisToday(), place: 'Café de la matrice' }),
    success: 201,
    otherwise: { owner: 400 },
  },
  { method: 'GET', route: '/api/me/one-to-ones', success: 200 },
  // Only the member met answers; anyone else, as a stranger to it, 404.
  {
    method: 'POST',
    route: '/api/one-to-ones/:oneToOneId/answer',
    url: '/api/one-to-ones/{oneToOne}/answer',
    body: { answer: 'confirm', notes: 'Rencontre utile.' },
    success: 200,
    otherwise: notOwner(404),
  },
  {
    method: 'POST',
    route: '/api/testimonials',
    url: '/api/testimonials',
    // About the owner, a subscribed member of the network (a testimonial about oneself: 400).
    body: (world) => ({ subjectId: world.ownerId, body: 'Un professionnel fiable, je le recommande vivement.' }),
    success: 201,
    otherwise: { owner: 400 },
  },
  // The home page's testimonials (issue 31): public, what members' pages show already.
  { method: 'GET', route: '/api/testimonials/featured', success: 200 },
  { method: 'GET', route: '/api/me/testimonials', success: 200 },
  // Only the member it is about publishes it; anyone else, as a stranger to it, 404.
  {
    method: 'POST',
    route: '/api/testimonials/:testimonialId/answer',
    url: '/api/testimonials/{testimonialToAnswer}/answer',
    body: (world) => ({ answer: 'approve', seenWrittenAt: world.testimonialToAnswerWrittenAt }),
    success: 200,
    otherwise: notOwner(404),
  },
  // Only its author withdraws it; anyone else, as a stranger to it, 404.
  {
    method: 'DELETE',
    route: '/api/testimonials/:testimonialId',
    url: '/api/testimonials/{ownerTestimonial}',
    success: 204,
    otherwise: notOwner(404),
  },
  // The event has room: joining its waiting list registers at once (200),
  // before the registration routes, which then find it registered (idempotent) and cancel it.
  { method: 'POST', route: '/api/events/:id/waitlist', url: '/api/events/{event}/waitlist', success: 200 },
  // Leaving a line one is not in is harmless (200, nothing changes).
  { method: 'DELETE', route: '/api/events/:id/waitlist', url: '/api/events/{event}/waitlist', success: 200 },
  {
    method: 'POST',
    route: '/api/events/:id/registration',
    url: '/api/events/{event}/registration',
    success: 200,
  },
  // Any member cancels their own registration; cancelling none is harmless (200, nothing changes).
  {
    method: 'DELETE',
    route: '/api/events/:id/registration',
    url: '/api/events/{event}/registration',
    success: 200,
  },
  // The check-in QR code: the organizer or an admin; any other member 403.
  {
    method: 'GET',
    route: '/api/events/:id/checkin-code',
    url: '/api/events/{event}/checkin-code',
    success: 200,
    otherwise: { ...notOwner(403), admin: 200 },
  },
  // A forged token: 400 for every subscriber let through.
  { method: 'POST', route: '/api/events/checkin', body: { token: 'faux.jeton' }, success: 400 },

  // --- Members' content: anyone signed in creates, only the owner edits or deletes -----------
  { method: 'POST', route: '/api/services', body: serviceBody, success: 201 },
  {
    method: 'PUT',
    route: '/api/services/:id',
    url: '/api/services/{service}',
    body: serviceBody,
    success: 200,
    otherwise: notOwner(403),
  },
  {
    method: 'DELETE',
    route: '/api/services/:id',
    url: '/api/services/{service}',
    success: 200,
    otherwise: notOwner(403),
  },
  { method: 'POST', route: '/api/projects', body: projectBody, success: 201 },
  {
    method: 'PUT',
    route: '/api/projects/:id',
    url: '/api/projects/{project}',
    body: projectBody,
    success: 200,
    otherwise: notOwner(403),
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id',
    url: '/api/projects/{project}',
    success: 200,
    otherwise: notOwner(403),
  },
  { method: 'POST', route: '/api/jobs', body: jobBody, success: 201 },
  // Anyone signed in applies, except the offer's author (403 OWN_OFFER).
  {
    method: 'POST',
    route: '/api/jobs/:id/applications',
    url: '/api/jobs/{job}/applications',
    body: { message: 'Bonjour, votre offre correspond à mon parcours de développeur.' },
    success: 201,
    otherwise: { owner: 403 },
  },
  {
    method: 'GET',
    route: '/api/jobs/:id/applications',
    url: '/api/jobs/{job}/applications',
    success: 200,
    otherwise: notOwner(403),
  },
  { method: 'DELETE', route: '/api/jobs/:id', url: '/api/jobs/{job}', success: 200, otherwise: notOwner(403) },
  { method: 'POST', route: '/api/events', body: eventBody, success: 201 },
  {
    method: 'PUT',
    route: '/api/events/:id',
    url: '/api/events/{event}',
    body: eventBody,
    success: 200,
    otherwise: notOwner(403),
  },
  { method: 'DELETE', route: '/api/events/:id', url: '/api/events/{event}', success: 200, otherwise: notOwner(403) },

  // --- Groups, seats and leaders (network-core §2) --------------------------------------------
  { method: 'GET', route: '/api/trades', success: 200 },
  { method: 'GET', route: '/api/groups', success: 200 },
  { method: 'GET', route: '/api/group-pages/:slug', url: '/api/group-pages/{groupSlug}', success: 200 },
  { method: 'GET', route: '/api/me/group', success: 200 },
  // The seat is the applicant's trade: subscriber, other and owner are plumbers and group A's
  // plumber seat is free (201); the group actors hold a seat already (409 ALREADY_IN_GROUP).
  {
    method: 'POST',
    route: '/api/groups/:groupId/applications',
    url: '/api/groups/{group}/applications',
    success: 201,
    otherwise: thirdParties(409),
  },
  // The group's members and leaders object, each once (admins have no subscription: 403).
  {
    method: 'POST',
    route: '/api/groups/:groupId/applications/:applicationId/objections',
    url: '/api/groups/{group}/applications/{pendingApplication}/objections',
    body: { reason: 'Il travaille déjà avec un concurrent.' },
    success: 201,
  },
  // Past the gate, the domain answers: the 7 days of objections are running (409).
  {
    method: 'POST',
    route: '/api/groups/:groupId/applications/:applicationId/accept',
    url: '/api/groups/{group}/applications/{pendingApplication}/accept',
    body: {},
    success: 409,
  },
  // Past the gate, the domain answers: the application was refused already (409).
  {
    method: 'POST',
    route: '/api/groups/:groupId/applications/:applicationId/refuse',
    url: '/api/groups/{group}/applications/{closedApplication}/refuse',
    body: { message: 'Le groupe compte déjà ce métier.' },
    success: 409,
  },
  { method: 'GET', route: '/api/groups/:groupId/leaders-page', url: '/api/groups/{group}/leaders-page', success: 200 },
  // The meeting place's photo (issue 31): the group's leaders and admins.
  {
    method: 'POST',
    route: '/api/groups/:groupId/place-photo',
    url: '/api/groups/{group}/place-photo',
    multipart: true,
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/groups/:groupId/place-photo/remove',
    url: '/api/groups/{group}/place-photo/remove',
    success: 200,
  },
  // The roster import (issue 33): the matrix's image is no roster (422 for those let through);
  // the dry run reads one line; the import of no line is refused whole (422), so group A stays as it is.
  {
    method: 'POST',
    route: '/api/groups/:groupId/roster/file',
    url: '/api/groups/{group}/roster/file',
    multipart: true,
    success: 422,
  },
  {
    method: 'POST',
    route: '/api/groups/:groupId/roster/dry-run',
    url: '/api/groups/{group}/roster/dry-run',
    body: {
      headers: ['Nom', 'Email', 'Métier'],
      rows: [{ line: 2, cells: ['Jeanne Matrice', 'jeanne.matrice@example.com', 'Fleuriste'] }],
      mapping: { name: [0], email: 1, phone: null, company: null, trade: 2, role: null },
    },
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/groups/:groupId/roster/import',
    url: '/api/groups/{group}/roster/import',
    body: {
      headers: ['Nom', 'Email', 'Métier'],
      rows: [],
      mapping: { name: [0], email: 1, phone: null, company: null, trade: 2, role: null },
    },
    success: 422,
  },
  // The admin removes the member first; the leader then finds them gone (404).
  {
    method: 'POST',
    route: '/api/groups/:groupId/members/:userId/remove',
    url: '/api/groups/{group}/members/{removable}/remove',
    body: { reason: 'Absences répétées sans excuse.' },
    success: 204,
    otherwise: { leader: 404 },
  },
  // The group's président (the leader) and the admin name the same secretary-treasurer.
  {
    method: 'PUT',
    route: '/api/groups/:groupId/leaders/:role',
    url: '/api/groups/{group}/leaders/secretary_treasurer',
    body: (world) => ({ userId: world.secretary }),
    success: 204,
  },
  // Only the applicant withdraws their application; it does not exist for anyone else. By now
  // the owner took a seat from a waiting list (above), which withdrew their other applications:
  // 409 APPLICATION_CLOSED (groups.test.ts shows the 204 of a withdrawal).
  {
    method: 'DELETE',
    route: '/api/me/applications/:applicationId',
    url: '/api/me/applications/{ownerApplication}',
    success: 409,
    otherwise: notOwner(404),
  },

  // --- Administration ------------------------------------------------------------------------
  { method: 'GET', route: '/api/admin/members', success: 200 },
  { method: 'POST', route: '/api/admin/admins', body: (world) => ({ email: world.target.email }), success: 200 },
  {
    method: 'PUT',
    route: '/api/admin/members/:userId',
    url: '/api/admin/members/{target.id}',
    body: { fullName: 'Membre Renommé', companyName: 'Renommée SARL' },
    success: 200,
  },
  { method: 'DELETE', route: '/api/admin/members/:userId', url: '/api/admin/members/{victimId}', success: 200 },
  { method: 'GET', route: '/api/admin/quotas', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/quotas/:userId/lift',
    url: '/api/admin/quotas/{target.id}/lift',
    body: { quota: 'guestInvitations', hours: 24 },
    success: 200,
  },
  { method: 'POST', route: '/api/admin/partners', body: partnerBody, success: 200 },
  {
    method: 'PUT',
    route: '/api/admin/partners/:id',
    url: '/api/admin/partners/{partner}',
    body: { isFeatured: true },
    success: 200,
  },
  { method: 'DELETE', route: '/api/admin/partners/:id', url: '/api/admin/partners/{partner}', success: 200 },
  // A private address is never fetched: the admin gets 400 URL_REFUSED, everyone else is stopped before.
  { method: 'POST', route: '/api/admin/site-info', body: { url: 'http://127.0.0.1/' }, success: 400 },
  {
    method: 'POST',
    route: '/api/admin/event-categories',
    body: { name: 'Catégorie créée', imageUrl: CATEGORY_IMAGE },
    success: 201,
  },
  {
    method: 'PUT',
    route: '/api/admin/event-categories/:id',
    url: '/api/admin/event-categories/{category}',
    body: { name: 'Catégorie renommée', imageUrl: CATEGORY_IMAGE },
    success: 200,
  },
  {
    method: 'DELETE',
    route: '/api/admin/event-categories/:id',
    url: '/api/admin/event-categories/{category}',
    success: 200,
  },
  { method: 'POST', route: '/api/admin/uploads/event-category-image', multipart: true, success: 200 },
  // Outgoing webhooks (issue 33): the admin adds an address (a name, checked at each delivery);
  // the ids below name no address, so the admin gets 404 where the others are stopped before.
  { method: 'GET', route: '/api/admin/webhooks', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/webhooks',
    body: { url: 'https://crm.example.fr/hooks/synergie', events: ['member.joined'] },
    success: 201,
  },
  {
    method: 'PUT',
    route: '/api/admin/webhooks/:id',
    url: `/api/admin/webhooks/${NO_SUCH_ID}`,
    body: { events: ['member.joined'], active: false },
    success: 404,
  },
  { method: 'DELETE', route: '/api/admin/webhooks/:id', url: `/api/admin/webhooks/${NO_SUCH_ID}`, success: 404 },
  {
    method: 'GET',
    route: '/api/admin/webhooks/:id/deliveries',
    url: `/api/admin/webhooks/${NO_SUCH_ID}/deliveries`,
    success: 404,
  },
  {
    method: 'POST',
    route: '/api/admin/webhooks/:id/deliveries/:deliveryId/replay',
    url: `/api/admin/webhooks/${NO_SUCH_ID}/deliveries/${NO_SUCH_ID}/replay`,
    success: 404,
  },
  { method: 'GET', route: '/api/admin/trades', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/trades',
    body: (_world, actor) => ({ label: `Métier de la matrice ${actor}`, family: 'artisanat' }),
    success: 201,
  },
  {
    method: 'PUT',
    route: '/api/admin/trades/:tradeId',
    url: '/api/admin/trades/{trade}',
    body: { label: 'Métier de la matrice renommé', family: 'artisanat' },
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/trades/:tradeId/merge',
    url: '/api/admin/trades/{mergedTrade}/merge',
    body: (world) => ({ intoTradeId: world.trade }),
    success: 200,
  },
  { method: 'GET', route: '/api/admin/groups', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/groups',
    body: (_world, actor) => ({ ...groupBody, slug: `groupe-matrice-${actor}` }),
    success: 201,
  },
  {
    method: 'PUT',
    route: '/api/admin/groups/:groupId',
    url: '/api/admin/groups/{adminGroup}',
    body: groupBody,
    success: 200,
  },
  { method: 'GET', route: '/api/admin/commissions', url: '/api/admin/commissions?month=2026-01', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/commissions/:month/mark-paid',
    url: '/api/admin/commissions/2026-01/mark-paid',
    success: 200,
  },
  { method: 'GET', route: '/api/admin/self-billing', url: '/api/admin/self-billing?month=2026-01', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/self-billing/:month/close',
    url: '/api/admin/self-billing/2026-01/close',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/self-billing/invoices/:id/pdf',
    url: '/api/admin/self-billing/invoices/{selfBilling.invoice}/pdf',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/self-billing/invoices/:id/facturx',
    url: '/api/admin/self-billing/invoices/{selfBilling.invoice}/facturx',
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/self-billing/invoices/:id/credit-note',
    url: '/api/admin/self-billing/invoices/{selfBilling.credited}/credit-note',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/commissions/:month.csv',
    url: '/api/admin/commissions/2026-01.csv',
    success: 200,
  },
  { method: 'GET', route: '/api/admin/das2/:year.csv', url: '/api/admin/das2/2026.csv', success: 200 },
  { method: 'GET', route: '/api/admin/das2/:year.txt', url: '/api/admin/das2/2026.txt', success: 200 },
  // The billing victim's demo plan is monthly: no annual renewal to bring forward (404).
  {
    method: 'POST',
    route: '/api/admin/billing/demo/:userId/renewal-due',
    url: '/api/admin/billing/demo/{billingVictimId}/renewal-due',
    success: 404,
  },
  {
    method: 'POST',
    route: '/api/admin/billing/demo/:userId/renew',
    url: '/api/admin/billing/demo/{billingVictimId}/renew',
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/billing/demo/:userId/cancel',
    url: '/api/admin/billing/demo/{billingVictimId}/cancel',
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/billing/demo/:userId/refund',
    url: '/api/admin/billing/demo/{billingVictimId}/refund',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/membership-invoices/:year',
    url: '/api/admin/membership-invoices/2026',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/membership-invoices/:year.csv',
    url: '/api/admin/membership-invoices/2026.csv',
    success: 200,
  },
  { method: 'GET', route: '/api/admin/accounting/:year/fec', url: '/api/admin/accounting/2026/fec', success: 200 },
  {
    method: 'GET',
    route: '/api/admin/membership-invoices/documents/:id/pdf',
    url: '/api/admin/membership-invoices/documents/{membershipInvoice}/pdf',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/membership-invoices/documents/:id/facturx',
    url: '/api/admin/membership-invoices/documents/{membershipInvoice}/facturx',
    success: 200,
  },
  // --- Recommendations and closed business (network-core §3) ---------------------------------
  // Anyone subscribed gives one to the owner; the owner cannot recommend themself (400).
  {
    method: 'POST',
    route: '/api/recommendations',
    body: (world) => ({ receiverId: world.ownerId, kind: 'for_you', heat: 3, need: 'Un devis' }),
    success: 201,
    otherwise: { owner: 400 },
  },
  { method: 'GET', route: '/api/me/recommendations', success: 200 },
  { method: 'GET', route: '/api/me/recommendations.csv', success: 200 },
  // Given by "other" to the owner: read by both and by admins; anyone else is told it does not exist.
  {
    method: 'GET',
    route: '/api/recommendations/:recommendationId',
    url: '/api/recommendations/{recommendation}',
    success: 200,
    otherwise: { member: 404, subscriber: 404, ...thirdParties(404) },
  },
  // Only the receiver (the owner) moves it, to `Gagnée` here: the giver and an admin 403.
  {
    method: 'POST',
    route: '/api/recommendations/:recommendationId/status',
    url: '/api/recommendations/{recommendation}/status',
    body: { status: 'won', amount: '1500' },
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 403, admin: 403, ...thirdParties(404) },
  },
  {
    method: 'PUT',
    route: '/api/recommendations/:recommendationId/business',
    url: '/api/recommendations/{recommendation}/business',
    body: { amount: '1800' },
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 403, admin: 403, ...thirdParties(404) },
  },
  // Only the giver ("other") confirms; the receiver 403 OWN_DECLARATION, an admin 403 NOT_GIVER.
  {
    method: 'POST',
    route: '/api/recommendations/:recommendationId/business/answer',
    url: '/api/recommendations/{recommendation}/business/answer',
    // The amount the giver saw: the receiver's correction above (1 800 €).
    body: { answer: 'confirm', seenAmountCents: 180_000 },
    success: 200,
    otherwise: { member: 404, subscriber: 404, admin: 403, owner: 403, ...thirdParties(404) },
  },
  {
    method: 'GET',
    route: '/api/groups/:groupId/recommendations/totals',
    url: '/api/groups/{group}/recommendations/totals',
    success: 200,
  },
  { method: 'GET', route: '/api/admin/recommendations/totals', success: 200 },
  // --- The group's health (issue 29) ----------------------------------------------------------
  // Group A's leaders (and admins) only: its members, the foreign group's président, a subscriber
  // are refused (403), a visitor 401. What a compared group shows (aggregates, no member) is
  // proved in test/group-health.test.ts.
  { method: 'GET', route: '/api/groups/:groupId/health', url: '/api/groups/{group}/health', success: 200 },
  { method: 'GET', route: '/api/admin/health', success: 200 },
  // --- Forum (network-core §9) ----------------------------------------------------------------
  // A visitor reads the national categories' titles, and only public topics in full (401).
  { method: 'GET', route: '/api/forum/categories', success: 200 },
  // The forum's landing (issue 31): what each caller reads, for everyone.
  { method: 'GET', route: '/api/forum/latest', success: 200 },
  {
    method: 'GET',
    route: '/api/forum/categories/:slug/topics',
    url: '/api/forum/categories/entraide/topics',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/forum/topics/:topicId',
    url: '/api/forum/topics/{forum.topic}',
    success: 200,
    otherwise: { visitor: 401 },
  },
  {
    method: 'POST',
    route: '/api/forum/categories/:slug/topics',
    url: '/api/forum/categories/entraide/topics',
    body: { title: 'Une question de la matrice', body: 'Qui sait\u202f?' },
    success: 201,
  },
  {
    method: 'POST',
    route: '/api/forum/topics/:topicId/posts',
    url: '/api/forum/topics/{forum.topic}/posts',
    body: { body: 'Une réponse de la matrice' },
    success: 201,
  },
  // Only the author edits (403 FORUM_NOT_AUTHOR), within 15 minutes.
  {
    method: 'PATCH',
    route: '/api/forum/topics/:topicId',
    url: '/api/forum/topics/{forum.topic}',
    body: { title: 'Une question corrigée', body: 'Corrigée' },
    success: 200,
    otherwise: { subscriber: 403, other: 403, ...thirdParties(403) },
  },
  {
    method: 'PATCH',
    route: '/api/forum/posts/:postId',
    url: '/api/forum/posts/{forum.reply}',
    body: { body: 'Réponse corrigée' },
    success: 200,
    otherwise: { subscriber: 403, other: 403, ...thirdParties(403) },
  },
  // Only the asker accepts (403 FORUM_NOT_ASKER).
  {
    method: 'PUT',
    route: '/api/forum/topics/:topicId/accepted',
    url: '/api/forum/topics/{forum.topic}/accepted',
    body: (world) => ({ postId: world.forum.reply }),
    success: 200,
    otherwise: notOwner(403),
  },
  // Any reader reports once; the owner cannot report their own message (400 FORUM_OWN_MESSAGE).
  {
    method: 'POST',
    route: '/api/forum/topics/:topicId/report',
    url: '/api/forum/topics/{forum.topic}/report',
    body: { reason: 'Matrice' },
    success: 201,
    otherwise: { owner: 400 },
  },
  {
    method: 'POST',
    route: '/api/forum/posts/:postId/report',
    url: '/api/forum/posts/{forum.reply}/report',
    body: {},
    success: 201,
    otherwise: { owner: 400 },
  },
  // Admins and leaders (of a group's category) moderate; anyone else 403.
  {
    method: 'GET',
    route: '/api/forum/reports',
    success: 200,
    otherwise: { member: 403, subscriber: 403, other: 403, groupMember: 403, owner: 403 },
  },
  { method: 'GET', route: '/api/forum/search', url: '/api/forum/search?q=question', success: 200 },
  { method: 'GET', route: '/api/forum/mentionable', url: '/api/forum/mentionable?q=ma', success: 200 },
  // A national category: only admins hide and restore there (hide, then restore).
  ...(['hide', 'restore'] as const).flatMap((action): MatrixEntry[] => [
    {
      method: 'POST',
      route: `/api/forum/posts/:postId/${action}`,
      url: `/api/forum/posts/{forum.reply}/${action}`,
      body: { reason: 'Matrice' },
      success: 403,
      otherwise: { admin: 200 },
    },
    {
      method: 'POST',
      route: `/api/forum/topics/:topicId/${action}`,
      url: `/api/forum/topics/{forum.topic}/${action}`,
      body: { reason: 'Matrice' },
      success: 403,
      otherwise: { admin: 200 },
    },
  ]),
  { method: 'GET', route: '/api/admin/forum/categories', success: 200 },
  {
    method: 'POST',
    route: '/api/admin/forum/categories',
    body: { name: 'Catégorie matrice', slug: 'categorie-matrice', description: null },
    success: 201,
  },
  {
    method: 'PATCH',
    route: '/api/admin/forum/categories/:categoryId',
    url: '/api/admin/forum/categories/{forum.category}',
    body: { name: 'Catégorie renommée', slug: 'categorie-renommee', description: null },
    success: 200,
  },
  // --- Guests (visiteurs, network-core §5) ---------------------------------------------------
  // Ids that name nothing: who gets through is the declaration's; the flows are in guests.test.ts.
  {
    method: 'POST',
    route: '/api/meetings/:meetingId/guests',
    url: '/api/meetings/00000000-0000-4000-8000-000000000000/guests',
    body: { name: 'Sophie Martin', email: 'sophie@exemple.fr', consent: true },
    success: 404,
  },
  { method: 'GET', route: '/api/me/guests', success: 200 },
  { method: 'GET', route: '/api/me/invitable-meetings', success: 200 },
  { method: 'GET', route: '/api/invitable-meetings', url: '/api/invitable-meetings?q=lyon', success: 200 },
  { method: 'GET', route: '/api/groups/:groupId/guests', url: '/api/groups/{group}/guests', success: 200 },
  {
    method: 'PUT',
    route: '/api/guests/:guestId/status',
    url: '/api/guests/00000000-0000-4000-8000-000000000000/status',
    body: { status: 'came' },
    success: 404,
  },
  // Public: the signed token is the only credential; an unsigned one is 404 for everyone.
  { method: 'GET', route: '/api/invitation', url: '/api/invitation?jeton=pas-un-jeton', success: 404 },
  { method: 'POST', route: '/api/invitation/confirm', body: { jeton: 'pas-un-jeton' }, success: 404 },
  { method: 'GET', route: '/api/invitation/ics', url: '/api/invitation/ics?jeton=pas-un-jeton', success: 404 },
  // The live meeting for a visitor of the day: the signed link is the credential (live-meeting.test.ts).
  { method: 'GET', route: '/api/invitation/live', url: '/api/invitation/live?jeton=pas-un-jeton', success: 404 },
  {
    method: 'GET',
    route: '/api/invitation/live/stream',
    url: '/api/invitation/live/stream?jeton=pas-un-jeton',
    stream: true,
    success: 404,
  },
  {
    method: 'POST',
    route: '/api/invitation/checkin',
    body: { guestToken: 'pas-un-jeton', checkinToken: 'pas-un-jeton' },
    success: 404,
  },
  // Visitors who register themselves (issue 30): public, the signed token the only credential.
  { method: 'GET', route: '/api/groups/:slug/visit', url: '/api/groups/{groupSlug}/visit', success: 200 },
  {
    method: 'POST',
    route: '/api/groups/:slug/visits',
    url: '/api/groups/groupe-inconnu/visits',
    body: (world, actor) => ({
      name: 'Sophie Martin',
      email: `visite-${actor}@exemple.fr`,
      tradeId: world.trade,
      consent: true,
    }),
    success: 404,
  },
  { method: 'GET', route: '/groupes/:slug/visiter', url: '/groupes/{groupSlug}/visiter', success: 200 },
  {
    method: 'POST',
    route: '/groupes/:slug/visiter',
    url: '/groupes/{groupSlug}/visiter',
    body: { name: 'Sophie Martin', email: 'pas-un-email' },
    success: 400,
  },
  { method: 'GET', route: '/visite/desabonnement', url: '/visite/desabonnement?jeton=pas-un-jeton', success: 200 },
  { method: 'POST', route: '/visite/desabonnement', body: { jeton: 'pas-un-jeton' }, success: 400 },
  { method: 'POST', route: '/api/visits/unsubscribe', url: '/api/visits/unsubscribe?jeton=pas-un-jeton', success: 400 },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/visitor-follow-up',
    url: '/api/groups/{group}/visitor-follow-up',
    body: { enabled: true },
    success: 200,
  },
  { method: 'GET', route: '/api/groups/:groupId/visitors', url: '/api/groups/{group}/visitors', success: 200 },
  // --- Reputation score (network-core §7) -------------------------------------------------------
  { method: 'GET', route: '/api/score/me', success: 200 },
  { method: 'GET', route: '/api/groups/:groupId/scores', url: '/api/groups/{group}/scores', success: 200 },
  // --- Meetings (network-core §4) -----------------------------------------------------------------
  { method: 'GET', route: '/api/groups/:groupId/meetings', url: '/api/groups/{group}/meetings', success: 200 },
  // Group A's members, its leaders and admins read it; anyone else is told it does not exist.
  {
    method: 'GET',
    route: '/api/meetings/:meetingId',
    url: '/api/meetings/{meeting}',
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 404, owner: 404, foreignLeader: 404 },
  },
  {
    method: 'GET',
    route: '/api/meetings/:meetingId/ics',
    url: '/api/meetings/{meeting}/ics',
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 404, owner: 404, foreignLeader: 404 },
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId',
    url: '/api/groups/{group}/meetings/{meeting}',
    body: () => ({
      action: 'move',
      startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 20 * 86_400_000 + 7_200_000).toISOString(),
      place: 'Salle du conseil',
      message: 'La salle change.',
    }),
    success: 200,
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId/presenter',
    url: '/api/groups/{group}/meetings/{meeting}/presenter',
    body: (world) => ({ presenterId: world.secretary }),
    success: 200,
  },
  { method: 'GET', route: '/api/me/calendar-url', success: 200 },
  { method: 'POST', route: '/api/me/calendar-url/renew', success: 200 },
  // The signed token is the credential.
  { method: 'GET', route: '/api/calendar/:token.ics', url: '/api/calendar/{calendarToken}.ics', success: 200 },
  // --- Attendance and the QR check-in (network-core §4) --------------------------------------
  {
    method: 'GET',
    route: '/api/groups/:groupId/meetings/:meetingId/checkin-code',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/checkin-code',
    success: 200,
  },
  // An unsigned token is 400 CHECKIN_TOKEN_INVALID for every subscriber (signed ones: attendance.test.ts).
  { method: 'POST', route: '/api/checkin', body: { token: 'pas-un-jeton.signe' }, success: 400 },
  {
    method: 'GET',
    route: '/api/groups/:groupId/meetings/:meetingId/attendance',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/attendance',
    success: 200,
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId/attendance/:userId',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/attendance/{secretary}',
    body: { status: 'excused' },
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/groups/:groupId/attendance/meetings',
    url: '/api/groups/{group}/attendance/meetings',
    success: 200,
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/settings/absence-threshold',
    url: '/api/groups/{group}/settings/absence-threshold',
    body: { threshold: 4 },
    success: 200,
  },
  // --- The live meeting (issue 30): its leaders move it, its members follow it -----------------
  {
    method: 'POST',
    route: '/api/groups/:groupId/meetings/:meetingId/live',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live',
    success: 200,
  },
  {
    method: 'GET',
    route: '/api/groups/:groupId/meetings/:meetingId/live',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live',
    success: 200,
  },
  // A version nobody saw: 409 for every leader let through (the moves: live-meeting.test.ts).
  {
    method: 'POST',
    route: '/api/groups/:groupId/meetings/:meetingId/live/next',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live/next',
    body: { version: 999_999 },
    success: 409,
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId/live/show-recommendations',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live/show-recommendations',
    body: { show: true },
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/groups/:groupId/meetings/:meetingId/live/recommendations',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live/recommendations',
    body: (world) => ({ receiverId: world.ownerId, need: 'Un devis de rénovation', heat: 4 }),
    success: 201,
  },
  {
    method: 'GET',
    route: '/api/groups/:groupId/meetings/:meetingId/live/stream',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live/stream',
    stream: true,
    success: 200,
  },
  {
    method: 'POST',
    route: '/api/groups/:groupId/meetings/:meetingId/live/end',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/live/end',
    success: 200,
  },
  // --- Hybrid meetings (issue 30): `Je suis connecté` in the window, the leaders' links ----------
  // The checkinMeeting starts in 10 minutes: open. Outside group A, the meeting is not found.
  {
    method: 'POST',
    route: '/api/meetings/:meetingId/connected',
    url: '/api/meetings/{checkinMeeting}/connected',
    success: 200,
    otherwise: { subscriber: 404, other: 404, owner: 404, foreignLeader: 404 },
  },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId/visio',
    url: '/api/groups/{group}/meetings/{meeting}/visio',
    body: { visioUrl: 'https://visio.example.fr/matrice' },
    success: 200,
  },
  { method: 'GET', route: '/api/groups/:groupId/hybrid', url: '/api/groups/{group}/hybrid', success: 200 },
  {
    method: 'PUT',
    route: '/api/groups/:groupId/hybrid',
    url: '/api/groups/{group}/hybrid',
    body: { visioUrl: null, remoteCountsAsPresent: true },
    success: 200,
  },
  // --- The minutes (issue 30): written when the live meeting above ended --------------------------
  // Group A's members, its leaders and admins read them; anyone else is told the meeting does not exist.
  {
    method: 'GET',
    route: '/api/meetings/:meetingId/minutes',
    url: '/api/meetings/{checkinMeeting}/minutes',
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 404, owner: 404, foreignLeader: 404 },
  },
  {
    method: 'GET',
    route: '/api/meetings/:meetingId/minutes.pdf',
    url: '/api/meetings/{checkinMeeting}/minutes.pdf',
    success: 200,
    otherwise: { member: 404, subscriber: 404, other: 404, owner: 404, foreignLeader: 404 },
  },
  // A version nobody read: 409 for every leader let through (the corrections: meeting-minutes.test.ts).
  {
    method: 'PUT',
    route: '/api/groups/:groupId/meetings/:meetingId/minutes',
    url: '/api/groups/{group}/meetings/{checkinMeeting}/minutes',
    body: { version: 999_999, notes: 'Une note', nextPresenterName: null },
    success: 409,
  },
  // --- Notification centre (network-core §8) ----------------------------------------------------
  // Every signed-in caller has their own centre; rows of others are never touched (notifications.test.ts).
  { method: 'GET', route: '/api/me/today', success: 200 },
  { method: 'GET', route: '/api/me/return', success: 200 },
  // Suggestions (issue 29): the subscriber's own, aggregates of the network (suggestions.test.ts).
  { method: 'GET', route: '/api/me/suggestions/one-to-ones', success: 200 },
  { method: 'GET', route: '/api/me/suggestions/missing-trades', success: 200 },
  { method: 'GET', route: '/api/me/notifications', success: 200 },
  { method: 'GET', route: '/api/me/notifications/unread-count', success: 200 },
  { method: 'POST', route: '/api/me/notifications/read', body: { all: true }, success: 200 },
  { method: 'GET', route: '/api/me/notification-settings', success: 200 },
  {
    method: 'PUT',
    route: '/api/me/notification-settings',
    body: { settings: { testimonial: 'daily' } },
    success: 200,
  },
  // Public: the signed token is the only credential (a session changes nothing); an unsigned one
  // is 400 UNSUBSCRIBE_INVALID for everyone. Signed tokens are tested in notifications.test.ts.
  {
    method: 'GET',
    route: '/api/notifications/unsubscribe',
    url: '/api/notifications/unsubscribe?token=pas-un-jeton-signe',
    success: 400,
  },
  {
    method: 'POST',
    route: '/api/notifications/unsubscribe',
    url: '/api/notifications/unsubscribe?token=pas-un-jeton-signe',
    success: 400,
  },
  // --- Web Push (issue 28) --------------------------------------------------------------------
  // Every signed-in caller has their own devices; another's device is not found (push.test.ts).
  { method: 'GET', route: '/api/push/vapid-public-key', success: 200 },
  { method: 'GET', route: '/api/me/push/subscriptions', success: 200 },
  {
    method: 'POST',
    route: '/api/me/push/subscriptions',
    // The matrix's app accepts this local push service (PUSH_ALLOWED_ORIGINS); one device per actor.
    body: (_world, actor) => ({ endpoint: `${MATRIX_PUSH_ORIGIN}/push/${actor}`, keys: MATRIX_PUSH_KEYS }),
    success: 200,
  },
  // Each signed-in actor now has a device: the test push is queued for it.
  { method: 'POST', route: '/api/me/push/test', success: 200 },
  { method: 'GET', route: '/api/me/push/settings', success: 200 },
  { method: 'PUT', route: '/api/me/push/settings', body: { settings: { testimonial: false } }, success: 200 },
  {
    method: 'DELETE',
    route: '/api/me/push/subscriptions/:id',
    url: '/api/me/push/subscriptions/{pushDevice}',
    success: 200,
    otherwise: notOwner(404),
  },
  // --- Waiting lists of seats (network-core §2) ----------------------------------------------
  // Last of the writes: the owner takes a seat by accepting an offer.
  { method: 'GET', route: '/api/groups/:groupId/seat', url: '/api/groups/{waitlist.group}/seat', success: 200 },
  // The owner already waits for this seat (409 ALREADY_WAITING).
  {
    method: 'POST',
    route: '/api/groups/:groupId/waitlist',
    url: '/api/groups/{waitlist.group}/waitlist',
    success: 201,
    otherwise: { owner: 409, ...thirdParties(409) },
  },
  // A place in a waiting list is its member's own: anyone else 404.
  {
    method: 'POST',
    route: '/api/me/waitlist/:entryId/decline',
    url: '/api/me/waitlist/{waitlist.decline}/decline',
    success: 204,
    otherwise: notOwner(404),
  },
  {
    method: 'POST',
    route: '/api/me/waitlist/:entryId/accept',
    url: '/api/me/waitlist/{waitlist.accept}/accept',
    success: 204,
    otherwise: { subscriber: 404, other: 404, ...thirdParties(404) },
  },
  {
    method: 'DELETE',
    route: '/api/me/waitlist/:entryId',
    url: '/api/me/waitlist/{waitlist.leave}',
    success: 204,
    otherwise: notOwner(404),
  },
  // Keep last of the non-DELETE entries: the group actors leave their groups, and the owner the
  // seat the waiting list gave them (204); the others are in none (409 NOT_IN_GROUP).
  {
    method: 'POST',
    route: '/api/me/group/leave',
    body: { reason: 'Je déménage à Bordeaux.' },
    success: 409,
    otherwise: { leader: 204, foreignLeader: 204, groupMember: 204, owner: 204 },
  },
];
