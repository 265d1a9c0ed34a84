import { describe, expect, it } from 'vitest';
import { keptFor } from './kept-for';

describe('keptFor', () => {
  it('loads once per period, shares a load between callers, and loads again after it', async () => {
    let now = 1_000;
    const loads: number[] = [];
    const kept = keptFor(
      60_000,
      async (at) => {
        loads.push(at.getTime());
        return loads.length;
      },
      () => now,
    );
    const [a, b] = await Promise.all([kept.get(), kept.get()]);
    expect([a, b]).toEqual([1, 1]);
    now += 59_999;
    expect(await kept.get()).toBe(1);
    now += 1;
    expect(await kept.get()).toBe(2);
    expect(loads).toEqual([1_000, 61_000]);
    expect(await kept.refresh()).toBe(3);
    expect(await kept.get()).toBe(3);
  });

  it('keeps no failed load: the next call tries again', async () => {
    let fail = true;
    const kept = keptFor(60_000, async () => {
      if (fail) throw new Error('base indisponible');
      return 'ok';
    });
    await expect(kept.get()).rejects.toThrow('base indisponible');
    fail = false;
    expect(await kept.get()).toBe('ok');
  });
});
