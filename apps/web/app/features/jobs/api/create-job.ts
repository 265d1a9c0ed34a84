import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { CreateJob } from '@synergie/shared/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The body is the shared schema's output: trimmed fields, skills as a list. */
export function createJob(input: CreateJob) {
  return callApi(endpoints.create, { body: input });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
}
