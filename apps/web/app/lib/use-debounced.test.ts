import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced';

afterEach(() => vi.useRealTimers());

describe('useDebounced', () => {
  it('answers the value at once first, then a new value only once it has not changed for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: '' } });
    expect(result.current).toBe('');
    rerender({ value: 'br' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'bru' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('bru');
  });
});
