import type { ApplyResponse, ApplyToJob } from '@synergie/shared/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export function applyToJob({ jobId, ...input }: ApplyToJob & { jobId: string }) {
  return apiRequest<ApplyResponse>(`/jobs/${encodeURIComponent(jobId)}/applications`, {
    method: 'POST',
    body: input,
  });
}

/** Applying (or learning that one already did) refreshes the list: the offer then shows as applied. */
export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
