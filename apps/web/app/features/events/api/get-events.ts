import { eventEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { EventItem } from '@synergie/shared/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { servedAt, servedEvents } from './served-events';

export type { EventItem };
export type EventsWhen = 'upcoming' | 'past';

export function getEvents(when: EventsWhen, offset: number, signal?: AbortSignal) {
  return callApi(endpoints.list, { query: { when, offset } }, { signal });
}

/** One list (upcoming or past), page after page; keyed by the viewer ('Inscrit', own events). */
export const eventsQueryOptions = (when: EventsWhen, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.events.list(when, viewerId),
    queryFn: ({ pageParam, signal }) => getEvents(when, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/**
 * A list of /events. Its first page may have come with the document (servedEvents): a visitor's
 * list starts from it, and a member's shows it (nobody's registrations) while theirs loads.
 */
export function useEvents(when: EventsWhen, viewerId: string | null, enabled = true) {
  const served = servedEvents(when);
  const first = served ? { pages: [served], pageParams: [0] } : undefined;
  return useInfiniteQuery({
    ...eventsQueryOptions(when, viewerId),
    enabled,
    ...(first && viewerId === null
      ? { initialData: first, initialDataUpdatedAt: servedAt(), staleTime: SERVED_FRESH_MS }
      : { placeholderData: first }),
  });
}

/** A served page is not fetched again for this long after the document's request. */
const SERVED_FRESH_MS = 30_000;
