import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { JobApplication } from '@synergie/shared/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { JobApplication };

export function getJobApplications(jobId: string, signal?: AbortSignal) {
  return callApi(endpoints.applications, { params: { id: jobId } }, { signal });
}

/** Under the jobs key: a new application (the list refetched) refreshes it too. */
export const jobApplicationsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.applications(jobId),
    queryFn: ({ signal }) => getJobApplications(jobId, signal),
    select: (data) => data.applications,
  });

export function useJobApplications(jobId: string, enabled: boolean) {
  return useQuery({ ...jobApplicationsQueryOptions(jobId), enabled });
}
