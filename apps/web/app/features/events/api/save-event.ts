import { eventEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { EventForm } from '@synergie/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The body is the shared schema's output: trimmed fields, max_attendees as an integer or null. */
export function createEvent(input: EventForm) {
  return callApi(endpoints.create, { body: input });
}

export function updateEvent({ id, input }: { id: string; input: EventForm }) {
  return callApi(endpoints.update, { params: { id }, body: input });
}

/** Creates, or updates when an event is given (the dialog's edit mode). */
export function useSaveEvent(eventId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventForm) => (eventId ? updateEvent({ id: eventId, input }) : createEvent(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
