import { eventCategoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { EventCategoryValues } from '@synergie/shared/event-categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { invalidateCategories } from './invalidate';

/** The body is the shared schema's output (name trimmed). */
export function saveEventCategory({ id, input }: { id?: string; input: EventCategoryValues }) {
  return id ? callApi(endpoints.update, { params: { id }, body: input }) : callApi(endpoints.create, { body: input });
}

/** Creates the category, or updates it when an id is given. */
export function useSaveEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveEventCategory, onSuccess: () => invalidateCategories(queryClient) });
}
