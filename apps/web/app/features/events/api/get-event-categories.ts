import { eventCategoryEndpoints } from '@synergie/shared/endpoints';
import type { EventCategory } from '@synergie/shared/event-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { EventCategory };

/** The admin's categories (GET /api/event-categories), ordered by name, for the event dialog's select. */
export const eventCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.eventCategories,
    queryFn: ({ signal }) => callApi(eventCategoryEndpoints.list, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export function useEventCategories() {
  return useQuery(eventCategoriesQueryOptions());
}
