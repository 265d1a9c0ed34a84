import { visitEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupVisitors, VisitForm, VisitPage, VisitResult } from '@synergie/shared/visits';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type { GroupVisitors, VisitPage, VisitResult };

/** GET /api/groups/:slug/visit?invite=: the group, its next meeting, the inviter, the QR code. */
export function useVisitPage(slug: string, invite = '') {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.visitPage(slug, invite),
      queryFn: ({ signal }) =>
        callApi(endpoints.page, { params: { slug }, query: invite ? { invite } : {} }, { signal }),
    }),
  );
}

/** POST /api/groups/:slug/visits: the visitor registers themselves (no account). */
export function useRegisterVisit(slug: string, invite = '') {
  return useMutation({
    mutationFn: (body: VisitForm) =>
      callApi(endpoints.register, { params: { slug }, query: invite ? { invite } : {}, body }),
  });
}

/** GET /api/groups/:groupId/visitors (leaders). */
export function useGroupVisitors(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.groupVisitors(groupId),
      queryFn: ({ signal }) => callApi(endpoints.forGroup, { params: { groupId } }, { signal }),
    }),
  );
}

/** PUT /api/groups/:groupId/visitor-follow-up (leaders): the two follow-up mails on or off. */
export function useSetVisitorFollowUp(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(endpoints.setFollowUp, { params: { groupId }, body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groupVisitors(groupId) }),
  });
}
