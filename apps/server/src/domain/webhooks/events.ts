import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The `data` of each event: ids, statuses and amounts of members' business; never a non-member's details. */
export type WebhookEventData = Record<string, string | number | boolean | null>;

export interface WebhookEvent {
  type: WebhookEventType;
  /**
   * What makes the event one: the same key queued twice (a retried request, two instances
   * running the same job) gives one delivery per address.
   */
  key: string;
  data: WebhookEventData;
}

/**
 * The insert of an event's deliveries, one per active address that chose its type, as a statement
 * of its own or a step of a larger one (the QR check-in's single statement). The body follows
 * Standard Webhooks' advice: { type, timestamp, data }. `from` names the rows the key and data
 * read (a CTE); with none, they are values.
 */
export function webhookEventSql(event: { type: WebhookEventType; key: SQL; data: SQL; from?: SQL }): SQL {
  const from = event.from ? sql`${event.from}, webhook_endpoints e` : sql`webhook_endpoints e`;
  return sql`
    insert into webhook_deliveries (endpoint_id, message_id, event_key, event_type, payload)
    select e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${event.type}::text || ':' || (${event.key}),
           ${event.type}::text,
           jsonb_build_object(
             'type', ${event.type}::text,
             'timestamp', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'data', ${event.data})
      from ${from}
     where e.active and ${event.type}::text = any(e.events)
    on conflict (endpoint_id, event_key) do nothing`;
}

/**
 * Queues an event in the caller's transaction: the change and its deliveries exist together,
 * nothing is sent before the commit, and sending never holds the change up. One statement
 * whatever the number of addresses; with none, it writes nothing.
 */
export async function queueWebhookEvent(tx: DbOrTx, event: WebhookEvent): Promise<void> {
  await tx.execute(
    webhookEventSql({
      type: event.type,
      key: sql`${event.key}::text`,
      data: sql`${JSON.stringify(event.data)}::jsonb`,
    }),
  );
}

/** A key for an event that happens each time (a new amount declared, a status set again). */
export const onceKey = () => randomUUID();
