import type {
  AttendanceEntry,
  AttendanceForm,
  AttendanceMeetingList,
  CheckinCode,
  CheckinResult,
  MeetingAttendance,
} from '@synergie/shared/attendance';
import { groupEndpoints } from '@synergie/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AttendanceEntry, AttendanceMeetingList, CheckinCode, CheckinResult, MeetingAttendance };

const meetingPath = (groupId: string, meetingId: string) =>
  `/groups/${encodeURIComponent(groupId)}/meetings/${encodeURIComponent(meetingId)}`;

/** The group's id from its slug (the public page's query, shared with the groups feature). */
export function useGroupBySlug(slug: string) {
  return useQuery({
    queryKey: queryKeys.groups.page(slug),
    queryFn: ({ signal }) => callApi(groupEndpoints.page, { params: { slug } }, { signal }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });
}

/** POST /api/checkin: the member scans the meeting's QR code. */
export function useCheckIn() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<CheckinResult>('/checkin', { method: 'POST', body: { token } }),
  });
}

/** GET …/checkin-code: a new token each call; asked again at `refreshSeconds`. */
export function useCheckinCode(groupId: string | undefined, meetingId: string) {
  return useQuery({
    queryKey: queryKeys.attendance.code(groupId ?? '', meetingId),
    queryFn: ({ signal }) =>
      apiRequest<CheckinCode>(`${meetingPath(groupId ?? '', meetingId)}/checkin-code`, { signal }),
    enabled: Boolean(groupId),
    refetchInterval: (query) => (query.state.data ? query.state.data.refreshSeconds * 1000 : 60_000),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** GET …/attendance: the secretary's list, refreshed as members scan. */
export function useMeetingAttendance(groupId: string | undefined, meetingId: string) {
  return useQuery({
    queryKey: queryKeys.attendance.list(groupId ?? '', meetingId),
    queryFn: ({ signal }) =>
      apiRequest<MeetingAttendance>(`${meetingPath(groupId ?? '', meetingId)}/attendance`, { signal }),
    enabled: Boolean(groupId),
    refetchInterval: 15_000,
  });
}

/** PUT …/attendance/:userId: the secretary's tick. */
export function useRecordAttendance(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, form }: { userId: string; form: AttendanceForm }) =>
      apiRequest<AttendanceEntry>(`${meetingPath(groupId, meetingId)}/attendance/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: form,
      }),
    onSuccess: (entry) => {
      queryClient.setQueryData<MeetingAttendance>(queryKeys.attendance.list(groupId, meetingId), (old) =>
        old ? { ...old, members: old.members.map((m) => (m.userId === entry.userId ? entry : m)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendance.meetings(groupId) });
    },
  });
}

/** GET /api/groups/:groupId/attendance/meetings: the leaders' recent meetings. */
export function useAttendanceMeetings(groupId: string) {
  return useQuery({
    queryKey: queryKeys.attendance.meetings(groupId),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceMeetingList>(`/groups/${encodeURIComponent(groupId)}/attendance/meetings`, { signal }),
  });
}

/** PUT /api/groups/:groupId/settings/absence-threshold (1 to 26). */
export function useSetAbsenceThreshold(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) =>
      apiRequest<{ threshold: number }>(`/groups/${encodeURIComponent(groupId)}/settings/absence-threshold`, {
        method: 'PUT',
        body: { threshold },
      }),
    onSuccess: ({ threshold }) => {
      queryClient.setQueryData<AttendanceMeetingList>(queryKeys.attendance.meetings(groupId), (old) =>
        old ? { ...old, absenceThreshold: threshold } : old,
      );
    },
  });
}
