import type {
  AcceptContactResult,
  ContactRequest,
  DirectoryFacets,
  DirectoryPage,
  DirectoryQueryInput,
  MemberCard,
  MyContactRequests,
  SharedProject,
  SharedProjectUpdate,
} from '@synergie/shared/directory';
import { directoryEndpoints, networkEndpoints } from '@synergie/shared/endpoints';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { ApiRequestError, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { useDebounced } from '~/lib/use-debounced';

// Type-only imports above: the shared module's zod schemas never reach the page's first load.
export type { ContactRequest, DirectoryFacets, DirectoryPage, MemberCard, MyContactRequests, SharedProject };

export const membersQueryOptions = (query: DirectoryQueryInput) =>
  queryOptions({
    queryKey: queryKeys.members.list(query),
    queryFn: ({ signal }) => callApi(directoryEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMembers(query: DirectoryQueryInput) {
  return useQuery(membersQueryOptions(query));
}

/** How many answers a member picker shows. */
const MEMBER_SEARCH_SIZE = 8;

/**
 * The member pickers' search (the recommendation form, the one-to-one form): the directory
 * (GET /api/members, subscribers) by name, trade or company, a few answers, asked once the member
 * pauses typing (300 ms) with 2 letters at least. The viewer is never among the answers.
 */
export function useMemberSearch(text: string, viewerId: string | null) {
  const q = useDebounced(text.trim(), 300);
  const ready = q.length >= 2;
  const query = useQuery({ ...membersQueryOptions({ q, pageSize: MEMBER_SEARCH_SIZE }), enabled: ready });
  const members = ready ? (query.data?.members ?? []).filter((m) => m.userId !== viewerId) : [];
  return {
    /** Fewer than 2 letters typed (after the pause): nothing is asked. */
    tooShort: !ready,
    /** The first answer is on its way. */
    searching: ready && query.isFetching && !query.data,
    failed: ready && query.isError,
    members,
  };
}

export function useDirectoryFacets() {
  return useQuery({
    queryKey: queryKeys.members.facets,
    queryFn: ({ signal }) => callApi(directoryEndpoints.facets, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function rateMember({ userId, rating }: { userId: string; rating: number }) {
  return callApi(directoryEndpoints.rate, { params: { userId }, body: { rating } });
}

export function useRateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

export function sendContactRequest({ userId, message }: { userId: string; message: string | null }) {
  return callApi(directoryEndpoints.contactRequest, { params: { userId }, body: { message } });
}

export function useSendContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactRequest,
    // A 409 means a request is already in progress: the cards show it too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contactRequests }),
      ]),
  });
}

export function useContactRequests() {
  return useQuery({
    queryKey: queryKeys.contactRequests,
    queryFn: ({ signal }) => callApi(networkEndpoints.contactRequests, {}, { signal }),
  });
}

export function answerContactRequest({
  id,
  answer,
}: {
  id: string;
  answer: 'accept' | 'decline';
}): Promise<AcceptContactResult | ContactRequest> {
  return answer === 'accept'
    ? callApi(networkEndpoints.accept, { params: { id } })
    : callApi(networkEndpoints.decline, { params: { id } });
}

export function useAnswerContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerContactRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.contactRequests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sharedProjects }),
      ]),
  });
}

export function useSharedProjects() {
  return useQuery({
    queryKey: queryKeys.sharedProjects,
    queryFn: ({ signal }) => callApi(networkEndpoints.sharedProjects, {}, { signal }),
  });
}

export function updateSharedProject({ id, body }: { id: string; body: SharedProjectUpdate }) {
  return callApi(networkEndpoints.updateSharedProject, { params: { id }, body });
}

export function useUpdateSharedProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSharedProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sharedProjects }),
  });
}

export const isSessionExpired = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * A 401 from the API means the session ended while the page was open: the session is marked
 * gone, and the page's RequireAuth guard shows 'Votre session a expiré' and goes to /auth.
 */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (!isSessionExpired(error)) return false;
      queryClient.setQueryData(queryKeys.session, null);
      return true;
    },
    [queryClient],
  );
}

/** The same for a query's error. */
export function useSessionExpiryOf(error: unknown) {
  const expire = useSessionExpiry();
  useEffect(() => {
    if (error) expire(error);
  }, [error, expire]);
}
