import { meetingMinutesEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MeetingMinutes, MinutesCorrection } from '@synergie/shared/minutes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiHref, callApi, isNotFoundError } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the correction form.
export type { MeetingMinutes };

/**
 * GET /api/meetings/:meetingId/minutes: the meeting's `Compte rendu`, or null before it exists
 * (404 MINUTES_NOT_FOUND: the page shows no section, and asks again later).
 */
export function useMeetingMinutes(meetingId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.minutes(meetingId),
      enabled,
      queryFn: async ({ signal }): Promise<MeetingMinutes | null> => {
        try {
          return await callApi(endpoints.get, { params: { meetingId } }, { signal });
        } catch (error) {
          if (isNotFoundError(error)) return null;
          throw error;
        }
      },
    }),
  );
}

/** The PDF (a plain link: the browser saves the file). */
export const minutesPdfHref = (meetingId: string) => apiHref(endpoints.pdf, { params: { meetingId } });

/** PUT /api/groups/:groupId/meetings/:meetingId/minutes: the leaders' correction, on the version read. */
export function useCorrectMinutes(groupId: string, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MinutesCorrection) => callApi(endpoints.correct, { params: { groupId, meetingId }, body }),
    onSuccess: (minutes) => queryClient.setQueryData(queryKeys.minutes(meetingId), minutes),
  });
}
