import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_MEMBER } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';

/**
 * The live meetings' event streams (Server-Sent Events written by hand on the raw response,
 * docs/decisions/0022-live-meeting-streams.md). Every change is a row of meeting_live_events
 * first (its id is the SSE `id:`); the hub is only told "meeting M has news" and reads the new
 * rows once per instance and meeting, whatever the number of phones. The word travels:
 * - Redis pub/sub when REDIS_URL is set (channel `synergie:live-meeting`);
 * - PostgreSQL LISTEN/NOTIFY on a connection of its own otherwise;
 * - an in-process EventEmitter on PGlite (one process owns the database).
 * The writes of one meeting are serialised by the meeting_live row lock, so its event ids are
 * committed in order: a phone whose last id is N misses nothing by reading `id > N`, and as each
 * event is the whole state, the last of those rows is all it needs.
 */

export const LIVE_CHANNEL = 'synergie:live-meeting';
const PG_CHANNEL = 'live_meeting';

export interface LiveEventRow {
  id: number;
  type: string;
  payload: unknown;
}

interface Client {
  userId: string;
  res: ServerResponse;
  lastId: number;
}

interface Room {
  clients: Set<Client>;
  /** Reads of new rows, one after the other. */
  chain: Promise<void>;
}

const frame = (event: LiveEventRow) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;

export class LiveHub {
  private readonly rooms = new Map<string, Room>();
  private readonly perUser = new Map<string, number>();
  private readonly local = new EventEmitter();
  private heartbeat: NodeJS.Timeout | undefined;
  private sendWord: (meetingId: string) => Promise<unknown> = async () => {};
  private stopTransport: () => Promise<void> = async () => {};
  transport: 'redis' | 'postgres' | 'memory' = 'memory';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.local.setMaxListeners(0);
  }

  /** Chooses the transport; `pool` is node-postgres' pool on PostgreSQL. */
  async start(options: { redis?: Redis; postgresPool?: { options: object } }): Promise<void> {
    this.heartbeat = setInterval(() => this.ping(), LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
    if (options.redis) {
      this.transport = 'redis';
      const redis = options.redis;
      const listener = redis.duplicate();
      listener.on('error', () => {});
      listener.on('message', (_channel: string, meetingId: string) => this.deliver(meetingId));
      listener.on('ready', () => void listener.subscribe(LIVE_CHANNEL).catch(() => {}));
      await listener.connect().catch(() => {});
      if (listener.status === 'ready') await listener.subscribe(LIVE_CHANNEL).catch(() => {});
      this.sendWord = (meetingId) => redis.publish(LIVE_CHANNEL, meetingId);
      this.stopTransport = async () => void listener.disconnect();
      return;
    }
    if (options.postgresPool) {
      this.transport = 'postgres';
      const { default: pg } = await import('pg');
      let client: InstanceType<typeof pg.Client> | undefined;
      let stopped = false;
      let retrying = false;
      // The database away (at start or later): listen again in a second, the app keeps serving;
      // phones catch up from their last event id once the word flows again.
      const retry = () => {
        if (stopped || retrying) return;
        retrying = true;
        setTimeout(() => {
          retrying = false;
          void connect().catch(retry);
        }, 1000).unref();
      };
      const connect = async () => {
        if (stopped) return;
        const next = new pg.Client(options.postgresPool?.options as ConstructorParameters<typeof pg.Client>[0]);
        next.on('notification', (message) => {
          if (message.payload) this.deliver(message.payload);
        });
        next.on('error', () => {
          if (client === next) client = undefined;
          next.end().catch(() => {});
          retry();
        });
        try {
          await next.connect();
          await next.query(`listen ${PG_CHANNEL}`);
        } catch (error) {
          next.end().catch(() => {});
          throw error;
        }
        client = next;
        // Closed while it connected: nothing listens any more.
        if (stopped) await next.end().catch(() => {});
      };
      await connect().catch(retry);
      this.sendWord = (meetingId) => this.db.execute(sql`select pg_notify(${PG_CHANNEL}, ${meetingId})`);
      this.stopTransport = async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
      return;
    }
    this.local.on('news', (meetingId: string) => this.deliver(meetingId));
    this.sendWord = async (meetingId) => void this.local.emit('news', meetingId);
  }

  /** After the transaction that wrote meeting M's event committed: every instance's phones get it. */
  async publish(meetingId: string): Promise<void> {
    // Here at once; the other instances through the transport (this one's echo reads nothing new).
    if (this.transport !== 'memory') this.deliver(meetingId);
    await this.sendWord(meetingId).catch((error: unknown) => {
      this.log.warn({ err: error }, 'live meeting: the word could not be passed on (phones catch up on reconnect)');
    });
  }

  /** The streams `userId` has open on this instance. */
  openStreams(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  canOpen(userId: string): boolean {
    return this.openStreams(userId) < LIVE_STREAMS_PER_MEMBER;
  }

  /**
   * A phone joins meeting M's stream: the rows after `lastEventId` first (a reconnection), or the
   * current state as a first event when it comes fresh (`snapshot`, with the last row's id).
   */
  join(
    meetingId: string,
    userId: string,
    res: ServerResponse,
    lastEventId: number | null,
    snapshot: () => Promise<LiveEventRow>,
  ): void {
    let room = this.rooms.get(meetingId);
    if (!room) {
      room = { clients: new Set(), chain: Promise.resolve() };
      this.rooms.set(meetingId, room);
    }
    const client: Client = { userId, res, lastId: Number.MAX_SAFE_INTEGER };
    room.clients.add(client);
    this.perUser.set(userId, this.openStreams(userId) + 1);
    const theRoom = room;
    res.on('close', () => {
      theRoom.clients.delete(client);
      const left = this.openStreams(userId) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
      if (theRoom.clients.size === 0 && this.rooms.get(meetingId) === theRoom) this.rooms.delete(meetingId);
    });
    // In the room's chain: no delivery runs between this catch-up and the phone's first news.
    room.chain = room.chain
      .then(async () => {
        if (lastEventId === null) {
          const first = await snapshot();
          res.write(frame(first));
          client.lastId = first.id;
          return;
        }
        client.lastId = lastEventId;
        for (const row of await this.rowsAfter(meetingId, lastEventId)) this.send(client, row);
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'live meeting: a stream could not catch up');
        res.end();
      });
  }

  /**
   * The rows after `after`: each event is the meeting's whole state (domain/live-meeting.ts), so
   * the last one says all the missed ones said.
   */
  private async rowsAfter(meetingId: string, after: number): Promise<LiveEventRow[]> {
    const { rows } = await this.db.execute<{ id: string | number; type: string; payload: unknown }>(sql`
      select id, type, payload from meeting_live_events
       where meeting_id = ${meetingId} and id > ${after} order by id desc limit 1`);
    return rows.map((r) => ({ id: Number(r.id), type: r.type, payload: r.payload }));
  }

  private send(client: Client, row: LiveEventRow): void {
    if (row.id <= client.lastId) return;
    client.res.write(frame(row));
    client.lastId = row.id;
  }

  /** Reads meeting M's rows none of this instance's phones has, once, and writes them to each. */
  private deliver(meetingId: string): void {
    const room = this.rooms.get(meetingId);
    if (!room) return;
    room.chain = room.chain
      .then(async () => {
        let from = Number.MAX_SAFE_INTEGER;
        for (const client of room.clients) from = Math.min(from, client.lastId);
        if (from === Number.MAX_SAFE_INTEGER) return;
        const rows = await this.rowsAfter(meetingId, from);
        for (const row of rows) for (const client of room.clients) this.send(client, row);
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'live meeting: news could not be read'));
  }

  private ping(): void {
    for (const room of this.rooms.values()) for (const client of room.clients) client.res.write(': ping\n\n');
  }

  /** The app closes: every stream ends (the phones reconnect elsewhere with their last id). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) for (const client of room.clients) client.res.end();
    this.rooms.clear();
    this.perUser.clear();
    this.local.removeAllListeners();
    await this.stopTransport();
  }
}
