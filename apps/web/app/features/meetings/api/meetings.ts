import { meetingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  ChangeMeetingInput,
  MeetingDetail,
  MeetingList,
  MeetingPresenterInput,
  MeetingSummary,
} from '@synergie/shared/meetings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiHref, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type { MeetingDetail, MeetingList, MeetingSummary };

/** GET /api/groups/:groupId/meetings: the group's upcoming meetings (its members and leaders). */
export function useGroupMeetings(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.meetings.group(groupId),
      queryFn: ({ signal }) => callApi(endpoints.listForGroup, { params: { groupId } }, { signal }),
    }),
  );
}

/** GET /api/meetings/:id: the meeting and its agenda (404 for anyone outside its group). */
export function useMeeting(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.meetings.detail(id),
      queryFn: ({ signal }) => callApi(endpoints.get, { params: { meetingId: id } }, { signal }),
    }),
  );
}

/** The .ics of one meeting (a plain link: the browser saves the file). */
export const meetingIcsHref = (id: string) => apiHref(endpoints.ics, { params: { meetingId: id } });

/** GET /api/me/calendar-url: the personal calendar feed's signed address. */
export function useCalendarUrl() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.meetings.calendarUrl,
      queryFn: ({ signal }) => callApi(endpoints.calendarUrl, {}, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** POST /api/me/calendar-url/renew: `Renouveler le lien`, the old address stops at once. */
export function useRenewCalendarUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.renewCalendarUrl, {}),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.meetings.calendarUrl, data),
  });
}

/** PUT /api/groups/:groupId/meetings/:meetingId: leaders move or cancel a meeting, with a message. */
export function useChangeMeeting(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeMeetingInput) =>
      callApi(endpoints.change, { params: { groupId, meetingId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
  });
}

/** PUT …/presenter: leaders set who presents (`Présentation de la semaine`). */
export function useSetPresenter(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeetingPresenterInput) =>
      callApi(endpoints.setPresenter, { params: { groupId, meetingId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
  });
}
