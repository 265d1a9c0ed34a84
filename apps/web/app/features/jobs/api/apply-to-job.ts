import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { ApplyToJob } from '@synergie/shared/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export function applyToJob({ jobId, ...input }: ApplyToJob & { jobId: string }) {
  return callApi(endpoints.apply, { params: { id: jobId }, body: input });
}

/** Applying (or learning that one already did) refreshes the list: the offer then shows as applied. */
export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
