import type { CreateJob } from '@synergie/shared/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import type { JobOffer } from './get-jobs';

/** The body is the shared schema's output: trimmed fields, skills as a list. */
export function createJob(input: CreateJob) {
  return apiRequest<JobOffer>('/jobs', { method: 'POST', body: input });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
