import { useSyncExternalStore } from 'react';

const subscribeNoop = () => () => {};

/**
 * False while hydrating a prerendered page, true afterwards: /groupes was prerendered without a
 * query string, so what depends on it is rendered only once hydrated, without a mismatch.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNoop,
    () => true,
    () => false,
  );
}
