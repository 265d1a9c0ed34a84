import { scoreEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupScoresResponse, MemberScore } from '@synergie/shared/score';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas never reach the pages.
export type { GroupScoresResponse, MemberScore };

/** GET /api/score/me: my last computed score (null before the first computation). */
export function useMyScore(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.me.score,
      queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
      enabled,
    }),
  );
}

/** GET /api/groups/:groupId/scores: the group's members, best first (its leaders only). */
export function useGroupScores(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.groupScores(groupId),
      queryFn: ({ signal }) => callApi(endpoints.group, { params: { groupId } }, { signal }),
    }),
  );
}
