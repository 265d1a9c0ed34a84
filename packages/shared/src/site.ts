import { profileSectionPath, profileSections } from './profile-sections';

/** The tagline that closes every page title (docs/product/decisions.md "Name and brand"). */
export const SITE_TAGLINE = 'Réseau d’Affaires Multi-Métiers';
export const DEFAULT_SITE_NAME = 'Synergie Pro';

export function pageTitle(page: string, siteName: string = DEFAULT_SITE_NAME): string {
  return `${page} | ${siteName} - ${SITE_TAGLINE}`;
}

/**
 * Hosts with one of these words as a whole label show the preview banner (spec section 1:
 * "preview, staging or a similar development marker"; `recette` is the French word for
 * acceptance testing).
 */
const PREVIEW_HOST_MARKERS: ReadonlySet<string> = new Set(['preview', 'staging', 'dev', 'test', 'recette', 'demo']);
export const PREVIEW_BANNER_TEXT = 'Mode Prévisualisation - Ce site est en cours de développement';

/**
 * Whether a host is a preview deployment. A marker counts only as a whole label: the name is cut
 * on `.` and `-`, so `devis-pro.fr`, `testament-conseil.fr` or `demonstration.fr` (a marker
 * inside a word) are real sites, while `preview.synergie-pro.fr` and `synergie-pro-staging.example`
 * are previews. By the same rule `mon-site-dev.fr` is a preview: `dev` stands alone there exactly
 * as `staging` does in `synergie-pro-staging.example`, and no rule on labels can tell the two
 * apart. The top-level domain is never read, since `.dev` is a public TLD where real sites live
 * (`synergie-pro.dev`). IP addresses and `localhost` carry no marker.
 */
export function isPreviewHost(hostname: string): boolean {
  let host = hostname.trim().toLowerCase().replace(/\.$/, '');
  // An IPv6 literal ([::1], with or without a port) or an IPv4 address names no deployment.
  if (host.startsWith('[') || host.split(':').length > 2 || /^[\d.]+(:\d+)?$/.test(host)) return false;
  host = host.replace(/:\d+$/, '');
  const labels = host.split('.');
  if (labels.length > 1) labels.pop();
  return labels.some((label) => label.split('-').some((word) => PREVIEW_HOST_MARKERS.has(word)));
}

/**
 * The site's address in the build: the web app is built once and served wherever its server runs,
 * so every absolute address of a prerendered page (canonical link, `og:url`, JSON-LD) is written
 * on this stand-in origin, which the server replaces with its own SITE_URL when it loads the page
 * (apps/server/src/plugins/web.ts). `.invalid` is reserved: it never names a real site.
 */
export const BUILD_SITE_URL = 'https://adresse-du-site.invalid';

/**
 * Parts of a page that the server shows when it knows more than the prerendered HTML (the host,
 * the query): each is built hidden (`hidden` attribute) with `data-served="<name>"`, and the
 * server removes `hidden` when its rule holds; the page's first render in the browser reads the
 * same host or query, so hydration agrees.
 */
export const servedParts = {
  /** On preview hosts (isPreviewHost), every page. */
  previewBanner: 'preview-banner',
  /** /pricing?message=subscription_required (SubscriptionRedirect's destination). */
  subscriptionRequired: 'subscription-required',
} as const;
export const SUBSCRIPTION_REQUIRED_QUERY = {
  page: '/pricing',
  param: 'message',
  value: 'subscription_required',
} as const;

/** A tab whose scripts are gone after a deployment (apps/server/src/lib/kept-assets.ts). */
export const NEW_VERSION_MESSAGE = 'Une nouvelle version du site est disponible.';
export const NEW_VERSION_RELOAD = 'Recharger';
/**
 * The banner that says so, drawn with the DOM's API (no markup, no inline style attribute: the
 * CSP allows it): by the server's module for a gone build (kept-assets.ts `newVersionModule`) and
 * by the page when a new service worker waits (apps/web/app/lib/new-version-banner.ts).
 */
export const NEW_VERSION_BANNER = {
  id: 'nouvelle-version',
  box: {
    position: 'sticky',
    top: '0',
    zIndex: '60',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.75rem',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '0.75rem 1rem',
    background: '#1e3a8a',
    color: '#fff',
    font: '600 1rem/1.4 system-ui, sans-serif',
  },
  text: { margin: '0' },
  button: {
    padding: '0.4rem 1rem',
    borderRadius: '0.375rem',
    border: '0',
    background: '#fff',
    color: '#1e3a8a',
    font: 'inherit',
    cursor: 'pointer',
  },
} as const;

/**
 * Public pages: prerendered to real HTML at build time and listed in the sitemap.
 * The server serves each as a file; `changefreq` feeds /sitemap.xml.
 */
export const publicPages = [
  { path: '/', sitemap: true },
  { path: '/a-propos', sitemap: true },
  { path: '/services', sitemap: true },
  { path: '/portfolio', sitemap: true },
  { path: '/blog', sitemap: true },
  { path: '/contact', sitemap: true },
  { path: '/careers', sitemap: true },
  { path: '/events', sitemap: true },
  { path: '/pricing', sitemap: true },
  { path: '/partners', sitemap: true },
  { path: '/opportunities', sitemap: true },
  { path: '/forum', sitemap: true },
  { path: '/groupes', sitemap: true },
  { path: '/score', sitemap: true },
  { path: '/cgu', sitemap: true },
  { path: '/auth', sitemap: false },
  { path: '/auth/inscription', sitemap: false },
  { path: '/reset-password', sitemap: false },
  { path: '/diagnostic', sitemap: false },
  { path: '/system-health', sitemap: false },
  { path: '/advanced-diagnostic', sitemap: false },
  { path: '/member-images-diagnostic', sitemap: false },
  { path: '/500', sitemap: false },
  { path: '/maintenance', sitemap: false },
] as const;

/** `Aujourd'hui`: the signed-in member's home, where `/`, the sign-in and the sign-up send them. */
export const TODAY_PAGE_PATH = '/aujourdhui';

/** The query the email verification link adds when it lands on `Aujourd'hui`. */
export const EMAIL_VERIFIED_QUERY = 'adresse=confirmee';

/**
 * Where the email verification link lands (Better Auth's callbackURL, issue 31): `Aujourd'hui`,
 * which says `Adresse confirmée` and leads on to the next first step. Every sign-up (the React
 * form, the form posted without scripts, a link sent again) names this one address.
 */
export const EMAIL_VERIFIED_PATH = `${TODAY_PAGE_PATH}?${EMAIL_VERIFIED_QUERY}`;

/**
 * Where a checkout returns, Stripe's and the demo provider's alike (issue 31: in the same tab):
 * paid or trial started, to /profile/facturation (the subscription shown, its next debit and the
 * SEPA mandate just signed; /profile sums it up in a line); given up, to /pricing.
 */
export const CHECKOUT_SUCCESS_PATH = profileSectionPath('facturation');
export const CHECKOUT_CANCEL_PATH = '/pricing';

/**
 * Pages of the member and admin area: one SPA shell, rendered in the browser.
 * A pattern segment starting with ':' matches any single segment.
 */
export const appPages = [
  // The member app's places (issue 28).
  TODAY_PAGE_PATH,
  '/mon-retour',
  '/reunions',
  '/plus',
  // `Mon profil` and its sections (issue 31), one address each.
  ...profileSections.map((section) => section.path),
  '/update-password',
  '/members',
  '/companies',
  '/dashboard',
  '/my-projects',
  // One-to-ones and testimonials (network-core §3).
  '/tete-a-tete',
  '/temoignages',
  // A member's public page and business card (dynamic, so rendered in the browser).
  '/membres/:userId',
  // A group's public page (its head is written by the server: plugins/page-heads.ts), its
  // leaders' page and the member's own group.
  '/groupes/:slug',
  '/groupes/:slug/gestion',
  // Its roster imported from a file (issue 33).
  '/groupes/:slug/import',
  // A group's visitors' page (issue 30): its GET is answered by the server with the group, its next
  // meeting and the form written in (apps/server/src/routes/visit-page.ts), then this route.
  '/groupes/:slug/visiter',
  '/mon-groupe',
  // A meeting and its agenda (network-core §4).
  '/reunions/:meetingId',
  // The meeting live (issue 30): a member's phone and the leaders' console, the room's screen.
  '/reunions/:meetingId/direct',
  '/reunions/:meetingId/projecteur',
  // Attendance (network-core §4): the secretary's page (QR code and list), and the page the
  // meeting's QR code opens (signed token in the URL, checked by the API).
  '/groupes/:slug/reunions/:meetingId/presence',
  '/pointage',
  // Recommendations (network-core §3): the member's list, the form, one recommendation.
  '/recommandations',
  '/recommandations/nouvelle',
  '/recommandations/:recommendationId',
  // The notification centre, and the unsubscribe page of notification mails (no sign-in needed:
  // its signed token is read in the browser).
  '/notifications',
  '/desabonnement',
  // Guests (network-core §5): the member's guests, and the guest's invitation page (no sign-in:
  // its signed token is read in the browser).
  '/visiteurs',
  '/invitation',
  // A visitor of the day follows the live meeting (issue 30), by the same signed link.
  '/invitation/direct',
  // The check-in page the organizer's QR code opens (network-core §6; its token read in the browser).
  '/events/pointage',
  // The forum (network-core §9): its pages read their data in the browser (a group's category
  // and the members' topics depend on who reads); /forum itself is prerendered. /forum/:slug
  // also answers /forum/nouveau, /forum/recherche and /forum/moderation.
  '/forum/sujets/:topicId',
  '/forum/:slug',
  '/admin/members',
  '/admin/forum',
  '/admin/partners',
  '/admin/event-categories',
  '/admin/commissions',
  '/admin/metiers',
  '/admin/groupes',
  '/admin/recommandations',
  '/admin/quotas',
  '/admin/sante-du-reseau',
  '/admin/webhooks',
  '/billing/demo-checkout',
  // The annual renewal reminder's link (issue 19): its signed token read in the browser, once signed in.
  '/abonnement/renouvellement',
] as const;

/**
 * Pages reserved to subscribers (trial included): a signed-in member without a subscription is
 * sent to /pricing?message=subscription_required (docs/decisions/0004-subscription-redirect.md).
 * The public site stays readable by everyone.
 */
export const subscriberPages = [
  '/members',
  '/companies',
  '/dashboard',
  '/my-projects',
  '/tete-a-tete',
  '/temoignages',
  '/recommandations/nouvelle',
] as const;

/** Permanent redirects of the route table. */
export const redirects: { from: string; to: string; prefix?: boolean }[] = [
  { from: '/home', to: '/' },
  { from: '/about', to: '/a-propos' },
  { from: '/category', to: '/', prefix: true },
];

/** The prerendered page the server sends, with status 404, for any unknown path. */
export const NOT_FOUND_PAGE_PATH = '/__not-found';

/**
 * The SPA shell (what the server answers member pages with) at an address of its own, which the
 * service worker precaches and opens offline for any member page (docs/decisions/0018).
 */
export const APP_SHELL_PATH = '/__app-shell';

/** The installed app's web app manifest and service worker, at the site's root (issue 28). */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
export const SERVICE_WORKER_PATH = '/sw.js';

/** What the page says when a new service worker waits (the installed app, issue 28). */
export const APP_UPDATE_MESSAGE = 'Une nouvelle version de l’application est disponible.';

export function matchRoutePattern(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function findRedirect(path: string): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const r of redirects) {
    if (clean === r.from) return r.to;
    if (r.prefix && clean.startsWith(`${r.from}/`)) return r.to;
  }
  return undefined;
}

/** Contact details shown on /contact and in emails; each is a setting (docs/settings.md). */
export const contactDefaults = {
  email: 'contact@synergie-pro.fr',
  phone: '+33 1 23 45 67 89',
  address: '12 avenue Roger Salengro, 94500 Champigny-sur-Marne, France',
} as const;
