/**
 * A value kept in this instance's memory for `maxAgeMs`: loaded at most once per period,
 * concurrent callers share one load, a failed load is not kept (the next call tries again).
 * Two instances may hold values up to one period apart; nothing is shared, so nothing needs
 * locking. The network's public figures and the groups' health use it (issue 29).
 */
export function keptFor<T>(maxAgeMs: number, load: (now: Date) => Promise<T>, clock = () => Date.now()) {
  let kept: { at: number; value: Promise<T> } | undefined;
  const reload = () => {
    const now = clock();
    const value = load(new Date(now));
    const entry = { at: now, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
  return {
    get(): Promise<T> {
      if (!kept || clock() - kept.at >= maxAgeMs) return reload();
      return kept.value;
    },
    /** Loads again now (what is kept lacks something that exists: a group just created). */
    refresh: reload,
  };
}
