import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export function deleteJob(id: string) {
  return callApi(endpoints.remove, { params: { id } });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
