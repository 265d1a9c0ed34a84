import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';

/**
 * After a category changes: the list reloads, and so do events, which show a copy of their
 * category's name and image.
 */
export function invalidateCategories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.eventCategories }),
    queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  ]);
}
