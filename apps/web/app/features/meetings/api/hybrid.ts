import { IDEMPOTENCY_HEADER } from '@synergie/shared/endpoint';
import { hybridEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupHybridInput, MeetingVisioInput } from '@synergie/shared/meetings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Hybrid meetings (issue 30): `Je suis connecté`, the meeting's visio link, the group's settings.

/** POST /api/meetings/:meetingId/connected: one key per press, kept when the call is sent again. */
export function useConnected(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      callApi(endpoints.connected, { params: { meetingId } }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.today }),
  });
}

/** PUT …/meetings/:meetingId/visio: leaders set this meeting's link (empty: the group's). */
export function useSetMeetingVisio(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeetingVisioInput) =>
      callApi(endpoints.setMeetingVisio, { params: { groupId, meetingId }, body: input }),
    onSuccess: (meeting) => {
      queryClient.setQueryData(queryKeys.meetings.detail(meetingId), meeting);
      return queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
    },
  });
}

const hybridKey = (groupId: string) => [...queryKeys.meetings.all, 'hybrid', groupId] as const;

/** GET /api/groups/:groupId/hybrid: the rhythm's link and the rule for `À distance` (leaders). */
export function useGroupHybrid(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: hybridKey(groupId),
      queryFn: ({ signal }) => callApi(endpoints.getGroupHybrid, { params: { groupId } }, { signal }),
    }),
  );
}

/** PUT /api/groups/:groupId/hybrid. */
export function useSetGroupHybrid(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupHybridInput) => callApi(endpoints.setGroupHybrid, { params: { groupId }, body: input }),
    onSuccess: (hybrid) => {
      queryClient.setQueryData(hybridKey(groupId), hybrid);
      return queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
    },
  });
}
