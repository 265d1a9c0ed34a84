import type { EventCategory, EventCategoryValues } from '@synergie/shared/event-categories';
import { ADMIN_EVENT_CATEGORIES_PATH } from '@synergie/shared/event-category-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { invalidateCategories } from './invalidate';

/** The body is the shared schema's output (name trimmed). */
export function saveEventCategory({ id, input }: { id?: string; input: EventCategoryValues }) {
  return id
    ? apiRequest<EventCategory>(`${ADMIN_EVENT_CATEGORIES_PATH}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
      })
    : apiRequest<EventCategory>(ADMIN_EVENT_CATEGORIES_PATH, { method: 'POST', body: input });
}

/** Creates the category, or updates it when an id is given. */
export function useSaveEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveEventCategory, onSuccess: () => invalidateCategories(queryClient) });
}
