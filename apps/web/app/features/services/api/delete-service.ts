import type { OkResponse } from '@synergie/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export function deleteService(id: string) {
  return apiRequest<OkResponse>(`/services/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  });
}
