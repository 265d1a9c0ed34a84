import type { OkResponse } from '@synergie/shared/api';
import { ADMIN_EVENT_CATEGORIES_PATH } from '@synergie/shared/event-category-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { invalidateCategories } from './invalidate';

export function deleteEventCategory(id: string) {
  return apiRequest<OkResponse>(`${ADMIN_EVENT_CATEGORIES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEventCategory, onSuccess: () => invalidateCategories(queryClient) });
}
