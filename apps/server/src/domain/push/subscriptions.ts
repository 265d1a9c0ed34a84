import { createPublicKey } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  DEFAULT_PUSH_SETTING,
  describeDevice,
  MAX_PUSH_DEVICES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  PUSH_TEST_QUOTA,
  type PushDevice,
  type PushSubscriptionBody,
  pushMessages,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSettings, pushOutbox, pushSubscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkPushEndpoint, type EndpointCheckOptions } from './endpoint-check';
import { enqueuePushes } from './outbox';
import { TEST_PUSH_PAYLOAD } from './payload';

type DeviceRow = typeof pushSubscriptions.$inferSelect;

const toDevice = (row: DeviceRow): PushDevice => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: toIsoDateTime(row.createdAt),
  lastSuccessAt: toIsoDateTimeOrNull(row.lastSuccessAt),
});

/** The browser's key must be a point of P-256 (65 bytes are not enough: the encryption would fail later). */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /api/me/push/subscriptions: this device now gets the member's pushes. The endpoint is
 * unique: a browser that subscribed under another account (signed out, then in as someone else)
 * moves to this member, with fresh keys. At most MAX_PUSH_DEVICES per member (the member's row
 * locked: two subscriptions at once count one after the other).
 */
export async function subscribeDevice(
  db: DbOrTx,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  check: EndpointCheckOptions,
): Promise<PushDevice> {
  if (!isP256Point(body.keys.p256dh)) {
    throw new AppError('VALIDATION', pushMessages.p256dhInvalid, { 'keys.p256dh': pushMessages.p256dhInvalid });
  }
  await checkPushEndpoint(body.endpoint, check);
  const label = describeDevice(userAgent);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [mine] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.endpoint} <> ${body.endpoint}`));
    if ((mine?.n ?? 0) >= MAX_PUSH_DEVICES) throw new AppError('PUSH_TOO_MANY_DEVICES');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, label },
      })
      .returning();
    if (!row) throw new Error('push subscription not stored');
    return toDevice(row);
  });
}

/** GET /api/me/push/subscriptions: the member's devices, oldest first. */
export async function listDevices(db: DbOrTx, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toDevice);
}

/** DELETE /api/me/push/subscriptions/:id: one of the member's devices (another's is not found). */
export async function removeDevice(db: DbOrTx, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('PUSH_DEVICE_NOT_FOUND');
}

/**
 * POST /api/me/push/test: a test push to each of the member's devices, PUSH_TEST_QUOTA.max an
 * hour. The count is the test pushes' rows in the outbox (one batch per test, its rows share the
 * transaction's `now()`), read with the member's row locked: two presses at once count in turn.
 */
export async function queueTestPush(db: DbOrTx, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [recent] = await tx
      .select({ n: sql<number>`count(distinct ${pushOutbox.createdAt})::int` })
      .from(pushOutbox)
      .where(
        and(
          eq(pushOutbox.userId, userId),
          isNull(pushOutbox.notificationId),
          gt(pushOutbox.createdAt, sql`now() - make_interval(mins => ${PUSH_TEST_QUOTA.windowMinutes})`),
        ),
      );
    if ((recent?.n ?? 0) >= PUSH_TEST_QUOTA.max) throw new AppError('PUSH_TEST_QUOTA');
    const queued = await enqueuePushes(tx, [{ userId, notificationId: null, payload: TEST_PUSH_PAYLOAD }]);
    if (queued === 0) throw new AppError('PUSH_NO_DEVICE');
    return queued;
  });
}

/** A member's push choice for every kind (kinds without a row go to the devices). */
export async function getPushSettings(db: DbOrTx, userId: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationSettings.kind, push: notificationSettings.push })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_PUSH_SETTING])) as Record<
    NotificationKind,
    boolean
  >;
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) settings[row.kind as NotificationKind] = row.push;
  }
  return settings;
}

/** PUT /api/me/push/settings: some kinds' push choice (an upsert per kind; the email frequency stays). */
export async function setPushSettings(
  db: DbOrTx,
  userId: string,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const entries = Object.entries(changes).filter(
    (e): e is [NotificationKind, boolean] =>
      (NOTIFICATION_KINDS as readonly string[]).includes(e[0]) && typeof e[1] === 'boolean',
  );
  if (entries.length === 0) return;
  const now = new Date();
  await db
    .insert(notificationSettings)
    .values(
      entries.map(([kind, push]) => ({
        userId,
        kind,
        push,
        frequency: DEFAULT_NOTIFICATION_FREQUENCY,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { push: sql`excluded.push`, updatedAt: now },
    });
}
