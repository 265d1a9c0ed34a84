import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` milliseconds: a search box asks the server when
 * the member pauses typing, not at each key. The first render answers `value` itself.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
