import type { EventCategory } from '@synergie/shared/event-categories';
import { EVENT_CATEGORIES_PATH } from '@synergie/shared/event-category-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/event-categories.ts).
export type { EventCategory };

/** GET /api/event-categories: every category ordered by name (public). */
export function getEventCategories(signal?: AbortSignal) {
  return apiRequest<EventCategory[]>(EVENT_CATEGORIES_PATH, { signal });
}

export const eventCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.eventCategories, queryFn: ({ signal }) => getEventCategories(signal) });

export function useEventCategories() {
  return useQuery(eventCategoriesQueryOptions());
}
