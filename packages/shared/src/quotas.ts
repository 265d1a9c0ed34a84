// Quotas per member on the actions that mail or notify someone else (issue 33): the catalogue,
// its numbers per hour and per day (overridable by the server's MEMBER_QUOTAS setting,
// docs/settings.md), and the French words of a refusal. An endpoint names its quota in its
// declaration (`quota: 'guestInvitations'`); the server counts in the database
// (apps/server/src/domain/quotas.ts), so every instance shares the count and a restart keeps it.
// No dependency: the web's admin page reads the labels.

export interface QuotaLimits {
  readonly perHour: number;
  readonly perDay: number;
}

export interface MemberQuota extends QuotaLimits {
  /** What is counted, in the plural, as the refusal and the admin page say it. */
  readonly things: string;
  /** The admin page's name of the quota. */
  readonly label: string;
}

export const memberQuotas = {
  guestInvitations: {
    label: 'Invitations de visiteurs',
    things: 'invitations de visiteurs',
    perHour: 30,
    perDay: 60,
  },
  contactRequests: { label: 'Demandes de contact', things: 'demandes de contact', perHour: 20, perDay: 50 },
  recommendations: { label: 'Recommandations', things: 'recommandations', perHour: 20, perDay: 60 },
  testimonials: { label: 'Témoignages', things: 'témoignages', perHour: 10, perDay: 30 },
  oneToOnes: { label: 'Tête-à-tête', things: 'tête-à-tête', perHour: 20, perDay: 50 },
  forumPosts: { label: 'Messages du forum', things: 'messages sur le forum', perHour: 30, perDay: 100 },
  /** Counted per mention mailed or notified, not per post (the post is kept either way). */
  mentions: { label: 'Mentions sur le forum', things: 'mentions sur le forum', perHour: 10, perDay: 30 },
  /**
   * Images a member stores (photo, logo, services and projects, a meeting place): not mail, but
   * each costs a decode and storage; a refused file is given back like any refused action.
   */
  uploads: { label: 'Images envoyées', things: 'images envoyées', perHour: 60, perDay: 200 },
  /**
   * SIRENs looked up in INSEE's Sirene directory (issue 32): not mail either, but each calls INSEE,
   * whose key allows 30 requests a minute for the whole site. Counted when INSEE answered (found,
   * unknown or closed), given back when it did not.
   */
  sireneLookups: { label: 'Recherches de SIREN', things: 'recherches de SIREN', perHour: 20, perDay: 50 },
  /**
   * The invitations a roster import mails to the accounts it creates, counted per invitation and
   * all at once: a file that would go beyond is refused whole (docs/product/roster-import.md).
   * An hour's number holds a whole group (50 seats).
   */
  rosterInvitations: {
    label: 'Invitations par import de liste',
    things: 'invitations par import de liste',
    perHour: 50,
    perDay: 100,
  },
} as const satisfies Record<string, MemberQuota>;

export type MemberQuotaName = keyof typeof memberQuotas;
export const MEMBER_QUOTA_NAMES = Object.keys(memberQuotas) as MemberQuotaName[];

export function isMemberQuotaName(value: string): value is MemberQuotaName {
  return Object.hasOwn(memberQuotas, value);
}

/** `guestInvitations=10/40;mentions=5/20`: per hour / per day, checked at start-up (the server's env.ts). */
export function parseQuotaSetting(value: string): Partial<Record<MemberQuotaName, QuotaLimits>> | string {
  const result: Partial<Record<MemberQuotaName, QuotaLimits>> = {};
  for (const part of value.split(/[;,]/)) {
    const item = part.trim();
    if (!item) continue;
    const match = /^([A-Za-z]+)\s*=\s*(\d+)\s*\/\s*(\d+)$/.exec(item);
    if (!match) return `"${item}" must be name=perHour/perDay, e.g. guestInvitations=30/60`;
    const [, name = '', hour = '', day = ''] = match;
    if (!isMemberQuotaName(name)) return `unknown quota "${name}" (known: ${MEMBER_QUOTA_NAMES.join(', ')})`;
    const perHour = Number(hour);
    const perDay = Number(day);
    if (perHour < 1 || perDay < 1) return `${name}: at least 1 per hour and per day`;
    if (perHour > perDay) return `${name}: the hour's number cannot exceed the day's`;
    result[name] = { perHour, perDay };
  }
  return result;
}

/** How long an admin may lift a member's quota, in hours (the admin page's choices). */
export const QUOTA_LIFT_HOURS = [1, 24, 24 * 7, 24 * 30] as const;

/** `dans 12 minutes`, `dans 1 minute`, `dans 3 heures`: the wait, rounded up. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `dans ${minutes} ${minutes > 1 ? 'minutes' : 'minute'}`;
  const hours = Math.ceil(minutes / 60);
  return `dans ${hours} heures`;
}

/**
 * The 429 of a quota: which limit, and when it frees (seconds, also the Retry-After header).
 * `Limite atteinte : 30 invitations de visiteurs par heure. Réessayez dans 12 minutes.`
 */
export function quotaReachedMessage(name: MemberQuotaName, period: 'hour' | 'day', max: number, seconds: number) {
  const quota = memberQuotas[name];
  return `Limite atteinte\u00a0: ${max} ${quota.things} par ${period === 'hour' ? 'heure' : 'jour'}. Réessayez ${waitInWords(seconds)}.`;
}
