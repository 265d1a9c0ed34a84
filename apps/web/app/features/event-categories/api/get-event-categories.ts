import { eventCategoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { EventCategory } from '@synergie/shared/event-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/event-categories.ts).
export type { EventCategory };

/** GET /api/event-categories: every category ordered by name (public). */
export function getEventCategories(signal?: AbortSignal) {
  return callApi(endpoints.list, {}, { signal });
}

export const eventCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.eventCategories, queryFn: ({ signal }) => getEventCategories(signal) });

export function useEventCategories() {
  return useQuery(eventCategoriesQueryOptions());
}
