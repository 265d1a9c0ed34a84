/**
 * What visitors (no session) are answered on the busiest public reads, the event lists of
 * GET /api/events and of the /events page, kept `ttlMs` per key (2 s by default,
 * VISITOR_CACHE_MS; 0 turns it off). Such an answer holds nobody's personal data: it is the same
 * for every visitor. A member's list is that page with the member's own fields written in, read
 * at each request (domain/events/list.ts, `withViewerFields`; decision 0014's addendum).
 *
 * How fresh it stays:
 * - on the instance that served a change, at once: every request that may write (any method but
 *   GET, HEAD and OPTIONS) and succeeds empties it before its answer leaves (app.ts); a read under
 *   way then is not kept either (it was put in the cache when it started, and the cache is emptied);
 * - on the other instances, with REDIS_URL, the time Redis takes to pass the word on (`clear`
 *   publishes it, lib/redis.ts);
 * - without Redis, or for a change made by a job, at most `ttlMs`.
 * Concurrent misses of one key share one database read. At most `max` keys are kept, and the
 * callers keep only the pages visitors ask for (`eventsListCacheable`): any offset or size asked
 * is answered, but not kept.
 */
export class VisitorCache {
  private readonly entries = new Map<string, { until: number; value: Promise<string> }>();

  constructor(
    readonly ttlMs: number,
    private readonly max = 200,
  ) {}

  /** The kept answer for `key`, or the one `load` reads (then kept for `ttlMs`). */
  get(key: string, load: () => Promise<string>, now = Date.now()): Promise<string> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value;
    if (this.entries.size >= this.max) {
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
      const oldest = this.entries.keys().next();
      if (this.entries.size >= this.max && !oldest.done) this.entries.delete(oldest.value);
    }
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
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
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
