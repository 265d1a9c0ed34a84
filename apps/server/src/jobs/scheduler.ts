/**
 * Scheduled jobs (docs/decisions/0007-scheduled-jobs.md): each one is a sweep of due rows that
 * claims them with `FOR UPDATE SKIP LOCKED` and applies its effect in the same transaction, so
 * any number of app instances may run every job at the same time: a row is handled once, by the
 * instance that locked it, and a sweep that finds nothing due does nothing. No job keeps state in
 * process memory; a run missed while no instance was up is caught up by the next one.
 */
export interface ScheduledJob {
  /** For logs. */
  name: string;
  /** How often this instance runs it. */
  everyMs: number;
  /** Handles what is due; returns how many rows it handled (for logs). */
  run(): Promise<number>;
}

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  /** Jobs with a run in flight in this instance: a slow run is not joined by the next period's. */
  private readonly inFlight = new Set<string>();
  private stopped = true;

  constructor(
    private readonly jobs: ScheduledJob[],
    private readonly log?: SchedulerLog,
  ) {}

  /**
   * Runs every job once (catching up what came due while no instance ran), then on its period.
   * `firstRunAfterMs`: the first runs wait that long, so that an instance that just started
   * answers its first requests before it sweeps (on the embedded database, one connection, a
   * request would wait behind every job). `spacingMs`: job i starts i × spacingMs later than the
   * first, and keeps that offset on every period, so the jobs do not all query at the same moment.
   * Both 0 (the default): every job runs at once.
   */
  start(options: { firstRunAfterMs?: number; spacingMs?: number } = {}): void {
    if (!this.stopped) return;
    this.stopped = false;
    const { firstRunAfterMs = 0, spacingMs = 0 } = options;
    for (const [index, job] of this.jobs.entries()) {
      const begin = () => {
        void this.runJob(job);
        const timer = setInterval(() => void this.runJob(job), job.everyMs);
        timer.unref();
        this.timers.push(timer);
      };
      const delay = firstRunAfterMs + index * spacingMs;
      if (delay === 0) {
        begin();
        continue;
      }
      const timer = setTimeout(begin, delay);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // clearInterval clears a timeout too (one list of timers in Node).
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }

  /** One run of a job; a failure is logged and the next period tries again. */
  async runJob(job: ScheduledJob): Promise<number> {
    if (this.stopped || this.inFlight.has(job.name)) return 0;
    this.inFlight.add(job.name);
    const run = job.run();
    this.running.add(run);
    try {
      const handled = await run;
      if (handled > 0) this.log?.info({ job: job.name, handled }, 'scheduled job handled due rows');
      return handled;
    } catch (error) {
      this.log?.error({ err: error, job: job.name }, 'scheduled job failed');
      return 0;
    } finally {
      this.inFlight.delete(job.name);
      this.running.delete(run);
    }
  }
}
