import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationFrequency,
  type NotificationKind,
} from '@synergie/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { notificationSettings, notifications, user } from '../db/schema';
import type { SignedLinks } from '../lib/signed-links';
import type { MailUnsubscribe } from '../mail/components';
import { notificationMail } from '../mail/notification-mails';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';

/**
 * The notification centre's one writer (network-core §8). A domain change that concerns a member
 * calls `notify` inside its own transaction: the notification row exists exactly when the change
 * does, and its mail too when the member's setting for the kind is `Immédiatement` (queued in the
 * outbox, `emailed_at` set). `Résumé quotidien` / `Résumé hebdomadaire` leave the row for the
 * digest job; `Jamais` sends nothing by mail. The centre always shows every notification: the
 * setting is about email.
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
  mail?: (to: string, unsubscribe: MailUnsubscribe) => OutgoingMail;
  /** The button of the generic mail; default `Voir`. */
  action?: string;
}

export type NotifyContext = Pick<AppContext, 'mailContext' | 'links'>;

/** The purpose of unsubscribe tokens in SignedLinks. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

export function unsubscribeToken(links: SignedLinks, userId: string, kind: NotificationKind): string {
  return links.sign(UNSUBSCRIBE_PURPOSE, { u: userId, k: kind });
}

/** The member and kind a token names, or null (forged, altered, unknown kind). */
export function readUnsubscribeToken(
  links: SignedLinks,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const data = links.verify<{ u?: unknown; k?: unknown }>(UNSUBSCRIBE_PURPOSE, token);
  if (!data || typeof data.u !== 'string' || typeof data.k !== 'string') return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(data.k)) return null;
  return { userId: data.u, kind: data.k as NotificationKind };
}

/**
 * The two ways out of a notification mail: the page a person opens from the footer link (it asks
 * for a click: mail scanners open links), and the RFC 8058 one-click address mail clients POST to.
 */
export function unsubscribeLinks(ctx: NotifyContext, userId: string, kind: NotificationKind) {
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
 * Writes the notifications (and the immediate mails) in the caller's transaction: one query for
 * the members' addresses and settings, one insert, one insert into the outbox. Returns the ids.
 * Call `ctx.mailer.wake()` after the commit, as for any mail.
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
    })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), inArray(notificationSettings.kind, kinds)));
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  const frequencyOf = new Map(settings.map((s) => [`${s.userId}:${s.kind}`, s.frequency as NotificationFrequency]));
  const now = new Date();
  const mails: OutgoingMail[] = [];
  const rows = inputs
    .filter((i) => emailOf.has(i.userId))
    .map((i) => {
      const frequency = frequencyOf.get(`${i.userId}:${i.kind}`) ?? DEFAULT_NOTIFICATION_FREQUENCY;
      const to = emailOf.get(i.userId) as string;
      if (frequency === 'immediate') {
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
        email: frequency,
        emailedAt: frequency === 'immediate' ? now : null,
      };
    });
  if (rows.length === 0) return [];
  const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  if (mails.length) await enqueueMail(tx, mails);
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
