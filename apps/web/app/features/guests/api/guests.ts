import { guestEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  GuestForm,
  GuestList,
  GuestMeeting,
  GuestSummary,
  GuestTradeNotice,
  InvitableMeetings,
  Invitation,
  InvitedGuest,
} from '@synergie/shared/guests';
import type { GuestStatus } from '@synergie/shared/meeting-constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { useDebounced } from '~/lib/use-debounced';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type { GuestList, GuestMeeting, GuestSummary, GuestTradeNotice, InvitableMeetings, Invitation, InvitedGuest };

/** GET /api/me/guests: the guests I invited and where they are in the pipeline. */
export function useMyGuests() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.me.guests,
      queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
    }),
  );
}

/** GET /api/me/invitable-meetings: my group's next meetings. */
export function useInvitableMeetings() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.me.invitableMeetings,
      queryFn: ({ signal }) => callApi(endpoints.invitableMeetings, {}, { signal }),
    }),
  );
}

/**
 * GET /api/invitable-meetings?q=: any group's next meetings, the groups found by name or city
 * (national access). Asks once the member pauses typing and has typed 2 letters or more.
 */
export function useSearchInvitableMeetings(text: string) {
  const q = useDebounced(text.trim(), 300);
  const ready = q.length >= 2;
  const query = useQuery(
    queryOptions({
      queryKey: queryKeys.invitableSearch(q),
      queryFn: ({ signal }) => callApi(endpoints.searchInvitableMeetings, { query: { q } }, { signal }),
      enabled: ready,
    }),
  );
  return {
    /** Fewer than 2 letters typed (after the pause): nothing is asked. */
    tooShort: !ready,
    searching: ready && query.isPending,
    failed: ready && query.isError,
    error: query.error,
    meetings: ready ? (query.data?.items ?? []) : [],
    /** The answer is in for what was typed. */
    answered: ready && query.isSuccess,
  };
}

/** POST /api/meetings/:meetingId/guests. */
export function useInviteGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, body }: { meetingId: string; body: GuestForm }) =>
      callApi(endpoints.invite, { params: { meetingId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.guests }),
  });
}

/** PUT /api/guests/:guestId/status (the inviter or the group's leaders). */
export function useMoveGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guestId, status }: { guestId: string; status: GuestStatus }) =>
      callApi(endpoints.move, { params: { guestId }, body: { status } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.guests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groupGuests.all }),
      ]),
  });
}

/** GET /api/groups/:groupId/guests: the guests of the group's meetings (its leaders). */
export function useGroupGuests(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.groupGuests.list(groupId),
      queryFn: ({ signal }) => callApi(endpoints.listForGroup, { params: { groupId } }, { signal }),
    }),
  );
}

/** GET /api/invitation?jeton=…: the guest's page, without an account. */
export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.invitation(token),
      queryFn: ({ signal }) => callApi(endpoints.invitation, { query: { jeton: token } }, { signal }),
      enabled: token !== '',
    }),
  );
}

/** POST /api/invitation/confirm. */
export function useConfirmInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.confirm, { body: { jeton: token } }),
    onSuccess: (invitation) => queryClient.setQueryData(queryKeys.invitation(token), invitation),
  });
}

/** POST /api/invitation/checkin: the guest's link and the meeting's QR code (`Venu`, once). */
export function useGuestCheckIn(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkinToken: string) => callApi(endpoints.checkIn, { body: { guestToken: token, checkinToken } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitation(token) }),
  });
}
