import type { SessionUser } from './session-user';

/**
 * The signed-in member of a request's credentials (a hash of its Cookie and Authorization headers,
 * exactly as Better Auth read them), remembered for `ttlMs` so that a member's next requests skip Better
 * Auth's session lookup (a signature check and a database query): it doubled the cost of every
 * signed-in request (docs/performance.md).
 *
 * What a revocation costs:
 * - on the instance that served it, nothing: every call to Better Auth it accepts that may change
 *   a session (any POST: sign-out, session revocation, password change or reset, e-mail change,
 *   2FA…; and the e-mail verification link) and our own session, name and account changes empty
 *   the cache once done (`clear`), and a lookup that was under way then stores nothing;
 * - on the other instances, with REDIS_URL, the time Redis takes to pass the word on (`clear`
 *   publishes it, app.ts subscribes every instance: milliseconds);
 * - without Redis, or while it is away, at most `ttlMs` (10 s by default, SESSION_CACHE_MS): an
 *   entry lives that long, then Better Auth is asked again. 0 turns the cache off.
 * Entries never outlive the session's own expiry; at most `max` are kept (oldest dropped first).
 *
 * It also remembers, for as long, the members found subscribed (the access rule 'subscriber'):
 * only that answer, so a member who has just paid is let in at once, and one whose subscription
 * has just ended keeps access for `ttlMs` more at most.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; until: number }>();
  private readonly subscribers = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /** undefined: not known (ask Better Auth); null: known to be no session. */
  get(key: string, now = Date.now()): SessionUser | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  /** Counts the clears: a lookup started before one must not store what it found (`set`). */
  generation = 0;

  /**
   * Remembers what Better Auth answered, unless the cache was cleared since the lookup started
   * (`generation` read before it): that answer may be a session just ended.
   */
  set(key: string, user: SessionUser | null, sessionExpiresAt?: Date, generation = this.generation, now = Date.now()) {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    const until = Math.min(now + this.ttlMs, sessionExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    if (until <= now) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { user, until });
  }

  /** Whether the member was found subscribed less than `ttlMs` ago. */
  subscribed(userId: string, now = Date.now()): boolean {
    const until = this.subscribers.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.subscribers.delete(userId);
    return false;
  }

  rememberSubscribed(userId: string, now = Date.now()) {
    if (this.ttlMs <= 0) return;
    if (this.subscribers.size >= this.max) {
      const oldest = this.subscribers.keys().next();
      if (!oldest.done) this.subscribers.delete(oldest.value);
    }
    this.subscribers.set(userId, now + this.ttlMs);
  }

  /** Set by app.ts when Redis is configured: tells the other instances to clear theirs. */
  broadcast: (() => Promise<unknown>) | undefined;

  /** Forgets everything here, then tells the other instances (never throws). */
  async clear(): Promise<void> {
    this.clearLocal();
    await this.broadcast?.().catch(() => {});
  }

  /** What another instance's `clear` does here. */
  clearLocal() {
    this.generation += 1;
    this.entries.clear();
    this.subscribers.clear();
  }

  get size() {
    return this.entries.size;
  }
}
