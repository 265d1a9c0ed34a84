import type { OkResponse } from '@synergie/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export function deleteJob(id: string) {
  return apiRequest<OkResponse>(`/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
