import type { EventItem } from '@synergie/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** Registers (subscribers only) or cancels; answers the event as the list shows it. */
export function setEventRegistration({ id, registered }: { id: string; registered: boolean }) {
  return apiRequest<EventItem>(`/events/${encodeURIComponent(id)}/registration`, {
    method: registered ? 'POST' : 'DELETE',
  });
}

export function useEventRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEventRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

/** The calendar file of an event ('Ajouter au calendrier'). */
export const eventIcsUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/ics`;
