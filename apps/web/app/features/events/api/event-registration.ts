import { eventEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiHref, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/**
 * Registers (subscribers only, with `guests` when the organizer allows `+1`) or cancels; answers
 * the event as the list shows it.
 */
export function setEventRegistration({
  id,
  registered,
  guests = 0,
}: {
  id: string;
  registered: boolean;
  guests?: number;
}) {
  return registered
    ? callApi(endpoints.register, { params: { id }, body: { guests } })
    : callApi(endpoints.unregister, { params: { id } });
}

export function useEventRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEventRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

/** Joins (with guests) or leaves the waiting list of a full event. */
export function setEventWaitlist({ id, join, guests = 0 }: { id: string; join: boolean; guests?: number }) {
  return join
    ? callApi(endpoints.joinWaitlist, { params: { id }, body: { guests } })
    : callApi(endpoints.leaveWaitlist, { params: { id } });
}

export function useEventWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEventWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

/** Checks the member in with the token of the organizer's QR code. */
export function checkInToEvent(token: string) {
  return callApi(endpoints.checkIn, { body: { token } });
}

/** The calendar file of an event ('Ajouter au calendrier'). */
export const eventIcsUrl = (id: string) => apiHref(endpoints.ics, { params: { id } });

/** The organizer's check-in QR code (SVG, signed in as the organizer or an admin). */
export const eventCheckinCodeUrl = (id: string) => apiHref(endpoints.checkinCode, { params: { id } });
