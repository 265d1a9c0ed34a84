import type {
  AttendanceEntry,
  AttendanceForm,
  AttendanceMeetingList,
  CheckinBody,
  CheckinCode,
  CheckinResult,
  MeetingAttendance,
} from '@synergie/shared/attendance';
import { endpointPath, IDEMPOTENCY_HEADER } from '@synergie/shared/endpoint';
import { attendanceEndpoints as endpoints, groupEndpoints } from '@synergie/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AttendanceEntry, AttendanceMeetingList, CheckinCode, CheckinResult, MeetingAttendance };

/** The group's id from its slug (the public page's query, shared with the groups feature). */
export function useGroupBySlug(slug: string) {
  return useQuery({
    queryKey: queryKeys.groups.page(slug),
    queryFn: ({ signal }) => callApi(groupEndpoints.page, { params: { slug } }, { signal }),
  });
}

/**
 * POST /api/checkin: the member scans the meeting's QR code. The scan's time and an
 * Idempotency-Key go with it: a copy kept offline and sent later is judged at the scan and
 * applied once.
 */
export function useCheckIn() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckinBody; idempotencyKey: string }) =>
      callApi(endpoints.checkIn, { body }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // Tried even when the app thinks it is offline: a failure for want of network keeps the scan
    // on the device (checkin-view.tsx) instead of waiting paused.
    networkMode: 'always',
  });
}

/** The address a check-in is kept offline for (features/offline sends it later). */
export const checkInUrl = () => endpointPath(endpoints.checkIn);

/** GET …/checkin-code: a new token each call; asked again at `refreshSeconds`. */
export function useCheckinCode(groupId: string | undefined, meetingId: string) {
  return useQuery({
    queryKey: queryKeys.attendance.code(groupId ?? '', meetingId),
    queryFn: ({ signal }) =>
      callApi(endpoints.checkinCode, { params: { groupId: groupId ?? '', meetingId } }, { signal }),
    enabled: Boolean(groupId),
    refetchInterval: (query) => (query.state.data ? query.state.data.refreshSeconds * 1000 : 60_000),
    refetchIntervalInBackground: true,
    // Not the app's retry policy: polled for a new code every `refreshSeconds`, the next poll is
    // the retry (a second try in between would only delay the failure on the secretary's screen).
    retry: false,
  });
}

/** GET …/attendance: the secretary's list, refreshed as members scan. */
export function useMeetingAttendance(groupId: string | undefined, meetingId: string) {
  return useQuery({
    queryKey: queryKeys.attendance.list(groupId ?? '', meetingId),
    queryFn: ({ signal }) => callApi(endpoints.list, { params: { groupId: groupId ?? '', meetingId } }, { signal }),
    enabled: Boolean(groupId),
    refetchInterval: 15_000,
  });
}

/** PUT …/attendance/:userId: the secretary's tick. */
export function useRecordAttendance(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, form }: { userId: string; form: AttendanceForm }) =>
      callApi(endpoints.record, { params: { groupId, meetingId, userId }, body: form }),
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
    queryFn: ({ signal }) => callApi(endpoints.meetings, { params: { groupId } }, { signal }),
  });
}

/** PUT /api/groups/:groupId/settings/absence-threshold (1 to 26). */
export function useSetAbsenceThreshold(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) =>
      callApi(endpoints.setAbsenceThreshold, { params: { groupId }, body: { threshold } }),
    onSuccess: ({ threshold }) => {
      queryClient.setQueryData<AttendanceMeetingList>(queryKeys.attendance.meetings(groupId), (old) =>
        old ? { ...old, absenceThreshold: threshold } : old,
      );
    },
  });
}
