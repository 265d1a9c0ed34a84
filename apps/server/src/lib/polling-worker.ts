/**
 * The loop every outbox worker runs (mail, push, webhooks): started and stopped with the server,
 * woken after a row is queued rather than waiting for the next poll, running batches until one
 * comes back short. The claiming itself (`FOR UPDATE SKIP LOCKED` and a lease, so any number of
 * instances share one database) is each outbox's own `runOnce`.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  protected constructor(
    private readonly loop: {
      /** How often to look for due rows when nothing wakes the worker. */
      pollMs: number;
      /** A run that handled this many rows runs again at once. */
      batchSize: number;
      /** Logged when a run fails (the next poll tries again). */
      name: string;
      log?: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  /** Claims due rows, handles them, records the outcomes. Returns how many it handled. */
  abstract runOnce(): Promise<number>;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Ask for a run now (after a row was queued) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.runUntilIdle()
        .catch((error: unknown) => this.loop.log?.warn({ err: error }, `${this.loop.name} run failed`))
        .finally(() => {
          this.running = undefined;
          const next = this.again ? 0 : this.loop.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  private async runUntilIdle(): Promise<void> {
    while (!this.stopped) {
      const handled = await this.runOnce();
      if (handled < this.loop.batchSize) return;
    }
  }
}
