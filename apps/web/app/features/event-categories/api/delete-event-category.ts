import { eventCategoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { invalidateCategories } from './invalidate';

export function deleteEventCategory(id: string) {
  return callApi(endpoints.remove, { params: { id } });
}

export function useDeleteEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEventCategory, onSuccess: () => invalidateCategories(queryClient) });
}
