import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  toIsoDateTime,
  toIsoDateTimeOrNull,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointList,
  type WebhookEndpointUpdateValues,
  type WebhookEndpointValues,
  type WebhookEventType,
} from '@synergie/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isPublicAddress } from '../../lib/ip-address';
import { parseHttpUrl, safeFetchMessages } from '../../lib/safe-fetch';

/** How many deliveries the log shows, the most recent first. */
export const WEBHOOK_LOG_SIZE = 100;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const eventTypes = (events: string[]): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

function toEndpoint(row: EndpointRow, counts: WebhookEndpoint['counts']): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventTypes(row.events),
    active: row.active,
    createdAt: toIsoDateTime(row.createdAt),
    counts,
  };
}

/**
 * The address must be https:// (http:// only for the tests' own receiver, `allowHosts`) and, when
 * it is written as an IP address, a public one; a name is resolved and checked at every delivery
 * (lib/safe-fetch.ts), since its answer may change.
 */
function checkAddress(raw: string, allowHosts: readonly string[]): string {
  const url = parseHttpUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allowHosts.includes(host);
  if (url.protocol !== 'https:' && !allowed) throw new AppError('WEBHOOK_HTTPS_REQUIRED');
  const literal = isIP(host) !== 0;
  if (!allowed && ((literal && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost'))) {
    throw new AppError('URL_REFUSED', safeFetchMessages.forbiddenAddress);
  }
  return url.toString();
}

/** Every address with its deliveries counted by status: two queries whatever their number. */
export async function listWebhookEndpoints(db: DbOrTx): Promise<WebhookEndpointList> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
  const counted = await db.execute<{ endpoint_id: string; status: WebhookDeliveryStatus; n: number }>(sql`
    select endpoint_id, status, count(*)::int as n from webhook_deliveries group by endpoint_id, status`);
  const counts = new Map<string, WebhookEndpoint['counts']>();
  for (const row of counted.rows) {
    const entry = counts.get(row.endpoint_id) ?? { pending: 0, delivered: 0, failed: 0 };
    if (row.status === 'delivered') entry.delivered += row.n;
    else if (row.status === 'failed') entry.failed += row.n;
    else entry.pending += row.n;
    counts.set(row.endpoint_id, entry);
  }
  return {
    endpoints: rows.map((row) => toEndpoint(row, counts.get(row.id) ?? { pending: 0, delivered: 0, failed: 0 })),
  };
}

export async function createWebhookEndpoint(
  db: DbOrTx,
  adminId: string,
  input: WebhookEndpointValues,
  allowHosts: readonly string[],
): Promise<WebhookEndpointCreated> {
  const url = checkAddress(input.url, allowHosts);
  // Standard Webhooks' form: `whsec_` and 24 random bytes in base64 (192 bits).
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ url, description: input.description, secret, events: input.events, createdBy: adminId })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return { ...toEndpoint(row, { pending: 0, delivered: 0, failed: 0 }), secret };
}

async function endpointCounts(db: DbOrTx, id: string): Promise<WebhookEndpoint['counts']> {
  const { rows } = await db.execute<{ pending: number; delivered: number; failed: number }>(sql`
    select count(*) filter (where status in ('pending', 'sending'))::int as pending,
           count(*) filter (where status = 'delivered')::int as delivered,
           count(*) filter (where status = 'failed')::int as failed
      from webhook_deliveries where endpoint_id = ${id}`);
  return rows[0] ?? { pending: 0, delivered: 0, failed: 0 };
}

export async function updateWebhookEndpoint(
  db: DbOrTx,
  id: string,
  values: WebhookEndpointUpdateValues,
): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw new AppError('WEBHOOK_NOT_FOUND');
  const [row] = await db
    .update(webhookEndpoints)
    .set({ description: values.description, events: values.events, active: values.active })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return toEndpoint(row, await endpointCounts(db, id));
}

export async function deleteWebhookEndpoint(db: DbOrTx, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('WEBHOOK_NOT_FOUND');
  const deleted = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError('WEBHOOK_NOT_FOUND');
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const pending = row.status === 'pending' || row.status === 'sending';
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType as WebhookEventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    createdAt: toIsoDateTime(row.createdAt),
    deliveredAt: toIsoDateTimeOrNull(row.deliveredAt),
    nextAttemptAt: pending ? toIsoDateTime(row.nextAttemptAt) : null,
  };
}

export async function listWebhookDeliveries(db: DbOrTx, id: string): Promise<WebhookDeliveryList> {
  if (!isUuid(id)) throw new AppError('WEBHOOK_NOT_FOUND');
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw new AppError('WEBHOOK_NOT_FOUND');
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(WEBHOOK_LOG_SIZE);
  return { deliveries: rows.map(toDelivery) };
}

/**
 * Sends a delivery again with the same `webhook-id` (the receiver's dedupe recognises it) and a
 * fresh count of attempts. One being sent right now is left to finish: its outcome decides.
 */
export async function replayWebhookDelivery(db: DbOrTx, id: string, deliveryId: string): Promise<WebhookDelivery> {
  if (!isUuid(id) || !isUuid(deliveryId)) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: sql`case when ${webhookDeliveries.status} = 'sending' then 'sending' else 'pending' end`,
      attempts: sql`case when ${webhookDeliveries.status} = 'sending' then ${webhookDeliveries.attempts} else 0 end`,
      nextAttemptAt: sql`now()`,
      lastError: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning();
  if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  return toDelivery(row);
}
