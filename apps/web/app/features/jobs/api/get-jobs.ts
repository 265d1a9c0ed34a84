import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { JobOffer } from '@synergie/shared/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** An offer as the API sends it (packages/shared/src/jobs.ts). */
export type { JobOffer };

export function getJobs(signal?: AbortSignal) {
  return callApi(endpoints.list, {}, { signal });
}

/** The list depends on who looks (own offers first, 'hasApplied'): keyed by the viewer. */
export const jobsQueryOptions = (viewerId: string | null) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(viewerId),
    queryFn: ({ signal }) => getJobs(signal),
    select: (data) => data.jobs,
  });

export function useJobs(viewerId: string | null, enabled = true) {
  return useQuery({ ...jobsQueryOptions(viewerId), enabled });
}
