import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  DEFAULT_PUSH_SETTING,
  DIGEST_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationFrequency,
  type NotificationKind,
  type NotificationList,
  toIsoDateTime,
  toIsoDateTimeOrNull,
  type UnsubscribeInfo,
} from '@synergie/shared';

type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { notificationSettings, notifications, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import type { SignedLinks } from '../lib/signed-links';
import type { MailUnsubscribe } from '../mail/components';
import { notificationMail } from '../mail/notification-mails';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { enqueuePushes } from './push/outbox';
import { notificationPushPayload } from './push/payload';

/**
 * The notification centre's one writer (network-core §8). A domain change that concerns a member
 * calls `notify` inside its own transaction: the notification row exists exactly when the change
 * does, and its mail too when the member's setting for the kind is `Immédiatement` (queued in the
 * outbox, `emailed_at` set). `Résumé quotidien` / `Résumé hebdomadaire` leave the row for the
 * digest job; `Jamais` sends nothing by mail. The centre always shows every notification: the
 * setting is about email. A kind whose push setting is on (the default) also queues a push to each
 * of the member's devices, in the same transaction (domain/push/outbox.ts): the push outbox's worker
 * sends it after the commit, and a push service that is down never holds the change up.
 */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** One French sentence: the centre's line and the mail's subject. */
  title: string;
  body?: string | null;
  /** A path of the site (`/recommandations/…`). */
  link?: string | null;
  /**
   * The immediate mail, when the kind has its own template; default: the generic notification
   * mail of the title, body and link. Given the member's address and the unsubscribe link.
   */
  mail?: (to: string, unsubscribe: MailUnsubscribe | undefined) => OutgoingMail;
  /** The button of the generic mail; default `Voir`. */
  action?: string;
  /** The member whose action this tells, named in the title (anonymised if their account goes). */
  actorId?: string | null;
  /**
   * A service message the member must get whatever their setting (a seat offered for 7 days):
   * mailed at once, without an unsubscribe link (network-core §2; docs/product/decisions.md
   * "Notifications"). It still shows in the centre.
   */
  service?: boolean;
}

/** A notification's link is a path of this site: `/…`, never `//host` nor another scheme. */
export function isSitePath(link: string): boolean {
  return /^\/(?![/\\])/.test(link);
}

export type NotifyContext = Pick<AppContext, 'mailContext' | 'links'>;

/** The purpose of unsubscribe tokens in SignedLinks. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

/** What an unsubscribe token stops: one kind's emails, or a digest (every kind sent in it). */
export type UnsubscribeTarget = NotificationKind | `digest:${DigestFrequency}`;

export function unsubscribeToken(links: SignedLinks, userId: string, target: UnsubscribeTarget): string {
  return links.sign(UNSUBSCRIBE_PURPOSE, { u: userId, k: target });
}

/** The member and kind (or digest) a token names, or null (forged, altered, unknown kind). */
export function readUnsubscribeToken(
  links: SignedLinks,
  token: string,
): { userId: string; kind: UnsubscribeTarget } | null {
  const data = links.verify<{ u?: unknown; k?: unknown }>(UNSUBSCRIBE_PURPOSE, token);
  if (!data || typeof data.u !== 'string' || typeof data.k !== 'string') return null;
  const digests = DIGEST_FREQUENCIES.map((f) => `digest:${f}`);
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(data.k) && !digests.includes(data.k)) return null;
  return { userId: data.u, kind: data.k as UnsubscribeTarget };
}

/**
 * The two ways out of a notification mail: the page a person opens from the footer link (it asks
 * for a click: mail scanners open links), and the RFC 8058 one-click address mail clients POST to.
 */
export function unsubscribeLinks(ctx: NotifyContext, userId: string, kind: UnsubscribeTarget) {
  const token = unsubscribeToken(ctx.links, userId, kind);
  return {
    page: new URL(`/desabonnement?jeton=${encodeURIComponent(token)}`, ctx.mailContext.siteUrl).toString(),
    oneClick: new URL(
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      ctx.mailContext.siteUrl,
    ).toString(),
  };
}

/** The headers every notification mail carries (RFC 2369 and RFC 8058). */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A notification mail for `kind`, with its footer link and its headers. */
export function withUnsubscribe(
  ctx: NotifyContext,
  userId: string,
  kind: NotificationKind,
  build: (unsubscribe: MailUnsubscribe) => OutgoingMail,
): OutgoingMail {
  const links = unsubscribeLinks(ctx, userId, kind);
  const mail = build({ kindLabel: NOTIFICATION_KIND_LABELS[kind], url: links.page });
  return {
    ...mail,
    headers: { ...mail.headers, ...listUnsubscribeHeaders(links.oneClick) },
    meta: { ...mail.meta, kind },
  };
}

/**
 * Writes the notifications (and the immediate mails and pushes) in the caller's transaction: one
 * query for the members' addresses and settings, one insert, one insert into the mail outbox, one
 * query for the devices and one insert into the push outbox. Returns the ids. Call
 * `ctx.mailer.wake()` after the commit, as for any mail: it wakes the push worker too.
 */
export async function notify(
  tx: DbOrTx,
  ctx: NotifyContext,
  input: NotificationInput | NotificationInput[],
): Promise<string[]> {
  const inputs = Array.isArray(input) ? input : [input];
  if (inputs.length === 0) return [];
  const userIds = [...new Set(inputs.map((i) => i.userId))];
  const kinds = [...new Set(inputs.map((i) => i.kind))];
  // One after the other: a transaction is one connection.
  const people = await tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds));
  const settings = await tx
    .select({
      userId: notificationSettings.userId,
      kind: notificationSettings.kind,
      frequency: notificationSettings.frequency,
      push: notificationSettings.push,
    })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), inArray(notificationSettings.kind, kinds)));
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  const frequencyOf = new Map(settings.map((s) => [`${s.userId}:${s.kind}`, s.frequency as NotificationFrequency]));
  const pushOf = new Map(settings.map((s) => [`${s.userId}:${s.kind}`, s.push]));
  const now = new Date();
  const mails: OutgoingMail[] = [];
  for (const i of inputs) {
    if (i.link != null && !isSitePath(i.link)) throw new Error(`notification link is not a site path: ${i.link}`);
  }
  const rows = inputs
    .filter((i) => emailOf.has(i.userId))
    .map((i) => {
      const frequency = i.service
        ? 'immediate'
        : (frequencyOf.get(`${i.userId}:${i.kind}`) ?? DEFAULT_NOTIFICATION_FREQUENCY);
      const to = emailOf.get(i.userId) as string;
      if (i.service) {
        mails.push(
          i.mail
            ? i.mail(to, undefined)
            : notificationMail(ctx.mailContext, {
                to,
                title: i.title,
                body: i.body ?? null,
                link: i.link ?? null,
                action: i.action,
              }),
        );
      } else if (frequency === 'immediate') {
        mails.push(
          withUnsubscribe(ctx, i.userId, i.kind, (unsubscribe) =>
            i.mail
              ? i.mail(to, unsubscribe)
              : notificationMail(ctx.mailContext, {
                  to,
                  title: i.title,
                  body: i.body ?? null,
                  link: i.link ?? null,
                  action: i.action,
                  unsubscribe,
                }),
          ),
        );
      }
      return {
        userId: i.userId,
        kind: i.kind,
        title: i.title,
        body: i.body ?? null,
        link: i.link ?? null,
        actorId: i.actorId ?? null,
        email: frequency,
        emailedAt: frequency === 'immediate' ? now : null,
      };
    });
  if (rows.length === 0) return [];
  const inserted = await tx.insert(notifications).values(rows).returning({
    id: notifications.id,
    userId: notifications.userId,
    kind: notifications.kind,
    title: notifications.title,
    link: notifications.link,
  });
  if (mails.length) await enqueueMail(tx, mails);
  await enqueuePushes(
    tx,
    inserted
      .filter((n) => pushOf.get(`${n.userId}:${n.kind}`) ?? DEFAULT_PUSH_SETTING)
      .map((n) => ({
        userId: n.userId,
        notificationId: n.id,
        payload: notificationPushPayload({ ...n, kind: n.kind as NotificationKind }),
      })),
  );
  return inserted.map((r) => r.id);
}

/** A member's frequency for every kind (kinds without a row are `Immédiatement`). */
export async function getNotificationSettings(
  db: DbOrTx,
  userId: string,
): Promise<Record<NotificationKind, NotificationFrequency>> {
  const rows = await db
    .select({ kind: notificationSettings.kind, frequency: notificationSettings.frequency })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_NOTIFICATION_FREQUENCY])) as Record<
    NotificationKind,
    NotificationFrequency
  >;
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) {
      settings[row.kind as NotificationKind] = row.frequency as NotificationFrequency;
    }
  }
  return settings;
}

// ---------------------------------------------------------------------------
// The notification centre: the member's list, unread count, reading, settings, unsubscribing.
// ---------------------------------------------------------------------------

const badCursor = () => new AppError('BAD_REQUEST', 'Le curseur de pagination est invalide.');

const encodeCursor = (micros: string, id: string) => Buffer.from(`${micros}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { micros: string; id: string } {
  const [micros, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!micros || !id || rest.length > 0 || !/^\d{1,17}$/.test(micros) || !isUuid(id)) throw badCursor();
  return { micros, id };
}

/** The unread count: one query on the partial index `notifications_unread_latest_idx` (migration 0020). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * GET /api/me/notifications: newest first by (created_at, id), a page at a time (keyset on
 * `notifications_user_idx`), with the unread count: two queries whatever the page.
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  query: { unread: boolean; before?: string; limit: number },
): Promise<NotificationList> {
  const after = query.before ? decodeCursor(query.before) : null;
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      micros: sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        query.unread ? isNull(notifications.readAt) : undefined,
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const unread = await unreadCount(db, userId);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind as NotificationKind,
      title: r.title,
      body: r.body,
      link: r.link,
      readAt: toIsoDateTimeOrNull(r.readAt),
      createdAt: toIsoDateTime(r.createdAt),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.micros, last.id) : null,
    unread,
  };
}

/** POST /api/me/notifications/read: some of the member's notifications, or all; others' ids are ignored. */
export async function markNotificationsRead(
  db: DbOrTx,
  userId: string,
  input: { ids: string[] } | { all: true },
): Promise<number> {
  const ids = 'ids' in input ? input.ids.filter((id) => isUuid(id)) : null;
  if (ids && ids.length === 0) return unreadCount(db, userId);
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  return unreadCount(db, userId);
}

/**
 * Sets some kinds' frequencies (an upsert per kind, in one statement). Notifications still waiting
 * for a digest follow a kind moved to another digest or to `Jamais` (a kind moved to
 * `Immédiatement` keeps its pending ones for the digest they were waiting for).
 */
export async function setNotificationFrequencies(
  tx: DbOrTx,
  userId: string,
  changes: Partial<Record<NotificationKind, NotificationFrequency>>,
): Promise<void> {
  const entries = Object.entries(changes).filter(
    (e): e is [NotificationKind, NotificationFrequency] =>
      (NOTIFICATION_KINDS as readonly string[]).includes(e[0]) && e[1] !== undefined,
  );
  if (entries.length === 0) return;
  const now = new Date();
  await tx
    .insert(notificationSettings)
    .values(entries.map(([kind, frequency]) => ({ userId, kind, frequency, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { frequency: sql`excluded.frequency`, updatedAt: now },
    });
  for (const frequency of ['daily', 'weekly', 'never'] as const) {
    const kinds = entries.filter(([, f]) => f === frequency).map(([k]) => k);
    if (kinds.length === 0) continue;
    await tx
      .update(notifications)
      .set({ email: frequency })
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, kinds),
          isNull(notifications.emailedAt),
          inArray(notifications.email, ['daily', 'weekly']),
        ),
      );
  }
}

const DIGEST_LABELS: Record<DigestFrequency, string> = {
  daily: NOTIFICATION_FREQUENCY_LABELS.daily,
  weekly: NOTIFICATION_FREQUENCY_LABELS.weekly,
};

function unsubscribeInfo(
  target: UnsubscribeTarget,
  settings: Record<NotificationKind, NotificationFrequency>,
): UnsubscribeInfo {
  if (target.startsWith('digest:')) {
    const digest = target.slice('digest:'.length) as DigestFrequency;
    const kinds = NOTIFICATION_KINDS.filter((k) => settings[k] === digest);
    return {
      kind: null,
      digest,
      kindLabel: DIGEST_LABELS[digest],
      kinds,
      frequency: kinds.length ? digest : 'never',
    };
  }
  const kind = target as NotificationKind;
  return { kind, digest: null, kindLabel: NOTIFICATION_KIND_LABELS[kind], kinds: [kind], frequency: settings[kind] };
}

function readToken(ctx: Pick<AppContext, 'links'>, token: string | undefined) {
  const read = token ? readUnsubscribeToken(ctx.links, token) : null;
  if (!read) throw new AppError('UNSUBSCRIBE_INVALID');
  return read;
}

/** GET /api/notifications/unsubscribe: what a token stops (no session: the token is the proof). */
export async function describeUnsubscribe(
  ctx: Pick<AppContext, 'db' | 'links'>,
  token: string | undefined,
): Promise<UnsubscribeInfo> {
  const { userId, kind } = readToken(ctx, token);
  const [member] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!member) throw new AppError('UNSUBSCRIBE_INVALID');
  return unsubscribeInfo(kind, await getNotificationSettings(ctx.db, userId));
}

/**
 * POST /api/notifications/unsubscribe (RFC 8058 one-click): the kind, or every kind of the
 * digest, set to `Jamais`. Idempotent: a second POST finds nothing left to stop.
 */
export async function unsubscribe(ctx: Pick<AppContext, 'db' | 'links'>, token: string | undefined) {
  const { userId, kind } = readToken(ctx, token);
  return ctx.db.transaction(async (tx) => {
    // The member's row locked: two clicks at once write one after the other.
    const [member] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    if (!member) throw new AppError('UNSUBSCRIBE_INVALID');
    const before = unsubscribeInfo(kind, await getNotificationSettings(tx, userId));
    await setNotificationFrequencies(tx, userId, Object.fromEntries(before.kinds.map((k) => [k, 'never'])));
    return { ...before, frequency: 'never' as const };
  });
}
