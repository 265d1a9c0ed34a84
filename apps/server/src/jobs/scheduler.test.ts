import { describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler';

describe('Scheduler', () => {
  it('does not start a run of a job while its previous run is still in flight', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const job = {
      name: 'lent',
      everyMs: 60_000,
      run: () =>
        new Promise<number>((resolve) => {
          runs += 1;
          release = () => resolve(1);
        }),
    };
    const scheduler = new Scheduler([job]);
    scheduler.start(); // the first run starts at once
    expect(runs).toBe(1);
    expect(await scheduler.runJob(job)).toBe(0);
    expect(runs).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    const second = scheduler.runJob(job);
    expect(runs).toBe(2);
    release();
    expect(await second).toBe(1);
    await scheduler.stop();
  });

  it('logs a failed run and lets the next one try again', async () => {
    const errors: string[] = [];
    let fail = true;
    const job = {
      name: 'fragile',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('base indisponible');
        return 2;
      },
    };
    const scheduler = new Scheduler([job], { info() {}, error: (_obj, msg) => errors.push(msg) });
    scheduler.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual(['scheduled job failed']);
    fail = false;
    expect(await scheduler.runJob(job)).toBe(2);
    await scheduler.stop();
    expect(await scheduler.runJob(job)).toBe(0);
  });

  it('waits before the first runs when asked, spaces the jobs, keeps their offsets, and stop() cancels what has not started', async () => {
    vi.useFakeTimers();
    try {
      const runs: string[] = [];
      const job = (name: string) => ({
        name,
        everyMs: 1_000,
        run: async () => {
          runs.push(name);
          return 0;
        },
      });
      const scheduler = new Scheduler([job('a'), job('b'), job('c')]);
      scheduler.start({ firstRunAfterMs: 500, spacingMs: 100 });
      await vi.advanceTimersByTimeAsync(499);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toEqual(['a']);
      await vi.advanceTimersByTimeAsync(100);
      expect(runs).toEqual(['a', 'b']);
      await vi.advanceTimersByTimeAsync(100);
      expect(runs).toEqual(['a', 'b', 'c']);
      // Each keeps its own offset: a at 1 500, b at 1 600, c at 1 700.
      await vi.advanceTimersByTimeAsync(800);
      expect(runs).toEqual(['a', 'b', 'c', 'a']);
      await vi.advanceTimersByTimeAsync(100);
      expect(runs).toEqual(['a', 'b', 'c', 'a', 'b']);
      await scheduler.stop();
      expect(vi.getTimerCount()).toBe(0); // every interval cleared
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs).toEqual(['a', 'b', 'c', 'a', 'b']);

      // Stopped before the first runs: none happens.
      const early = new Scheduler([job('d')]);
      early.start({ firstRunAfterMs: 500 });
      expect(vi.getTimerCount()).toBe(1);
      await early.stop();
      expect(vi.getTimerCount()).toBe(0); // the pending first run cleared
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs).not.toContain('d');
    } finally {
      vi.useRealTimers();
    }
  });
});
