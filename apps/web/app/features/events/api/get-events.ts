import type { EventItem, EventsResponse } from '@synergie/shared/events';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { EventItem };
export type EventsWhen = 'upcoming' | 'past';

export function getEvents(when: EventsWhen, offset: number, signal?: AbortSignal) {
  return apiRequest<EventsResponse>(`/events?when=${when}&offset=${offset}`, { signal });
}

/** One list (upcoming or past), page after page; keyed by the viewer ('Inscrit', own events). */
export const eventsQueryOptions = (when: EventsWhen, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.events.list(when, viewerId),
    queryFn: ({ pageParam, signal }) => getEvents(when, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export function useEvents(when: EventsWhen, viewerId: string | null, enabled = true) {
  return useInfiniteQuery({ ...eventsQueryOptions(when, viewerId), enabled });
}
