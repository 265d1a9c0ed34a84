import { useSyncExternalStore } from 'react';

const subscribeNoop = () => () => {};

/**
 * False while React hydrates a prerendered page (and on the server), true afterwards: what the
 * prerendered HTML cannot know is rendered only once hydrated, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNoop,
    () => true,
    () => false,
  );
}
