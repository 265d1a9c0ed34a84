import { memberPageEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MemberPage } from '@synergie/shared/member-page';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '~/features/auth';
import { apiHref, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { MemberPage };

export function getMemberPage(userId: string, signal?: AbortSignal) {
  return callApi(endpoints.page, { params: { userId } }, { signal });
}

/** The vCard download: a plain link, the browser saves the attachment. */
export const vcardUrl = (userId: string) => apiHref(endpoints.vcard, { params: { userId } });

/**
 * GET /api/members/:userId/page. The contact details depend on who looks, so the viewer's id is
 * part of the key: signing in or out fetches the page again.
 */
export function useMemberPage(userId: string) {
  const session = useSession();
  const viewerId = session.data?.user.id ?? null;
  return useQuery(
    queryOptions({
      queryKey: queryKeys.memberPage(userId, viewerId),
      queryFn: ({ signal }) => getMemberPage(userId, signal),
      enabled: !session.isPending,
    }),
  );
}
