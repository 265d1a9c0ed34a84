import { waitlistEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { SeatState } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { SeatState };

/** GET /api/groups/:groupId/seat: the signed-in member's state for their trade's seat here. */
export function getSeatState(groupId: string, signal?: AbortSignal) {
  return callApi(endpoints.seat, { params: { groupId } }, { signal });
}

export const seatStateQueryOptions = (groupId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: queryKeys.groups.seat(groupId, viewerId),
    queryFn: ({ signal }) => getSeatState(groupId, signal),
  });

export function useSeatState(groupId: string, viewerId: string | null) {
  return useQuery({ ...seatStateQueryOptions(groupId, viewerId), enabled: viewerId !== null });
}
