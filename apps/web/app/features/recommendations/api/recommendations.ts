import { endpointPath, IDEMPOTENCY_HEADER } from '@synergie/shared/endpoint';
import { recommendationEndpoints as endpoints, memberPageEndpoints } from '@synergie/shared/endpoints';
import type {
  answerBusinessSchema,
  declareBusinessSchema,
  moveRecommendationSchema,
  RecommendationDetail,
  RecommendationForm,
  RecommendationList,
  RecommendationListQuery,
  RecommendationSummary,
  RecommendationTotals,
} from '@synergie/shared/recommendations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, apiHref, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type { RecommendationDetail, RecommendationList, RecommendationSummary, RecommendationTotals };

/** Filters as a query string. */
export function listSearch(query: RecommendationListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/me/recommendations.csv with the same filters (a plain link: the browser saves the file). */
export function csvHref(query: Omit<RecommendationListQuery, 'page' | 'pageSize'>) {
  return apiHref(endpoints.csv, { query });
}

/** GET /api/me/recommendations: the member's received or given recommendations, one page. */
export function useMyRecommendations(query: RecommendationListQuery) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.recommendations.list(query),
      queryFn: ({ signal }) => callApi(endpoints.mine, { query }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/recommendations/:id (404 for anyone but its giver, its receiver and admins). */
export function useRecommendation(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.recommendations.detail(id),
      queryFn: ({ signal }) => callApi(endpoints.get, { params: { recommendationId: id } }, { signal }),
    }),
  );
}

/** The member a recommendation is written for: their public page gives the name and trade. */
export function useRecipient(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.recommendations.recipient(userId ?? ''),
    queryFn: ({ signal }) => callApi(memberPageEndpoints.page, { params: { userId: userId ?? '' } }, { signal }),
    enabled: Boolean(userId),
  });
}

/** GET /api/groups/:groupId/recommendations/totals (the group's leaders). */
export function useGroupRecommendationTotals(groupId: string) {
  return useQuery({
    queryKey: queryKeys.recommendations.groupTotals(groupId),
    queryFn: ({ signal }) => callApi(endpoints.groupTotals, { params: { groupId } }, { signal }),
  });
}

/** GET /api/admin/recommendations/totals (admins). */
export function useAdminRecommendationTotals() {
  return useQuery({
    queryKey: queryKeys.recommendations.adminTotals,
    queryFn: ({ signal }) => callApi(endpoints.networkTotals, {}, { signal }),
  });
}

/** A change to a recommendation: its lists, its page and the dashboard's figures reload. */
function useRecommendationMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  networkMode?: 'always',
  /** Reload after a refusal too: the answer to an amount another member changed (issue 33). */
  refreshOnError?: (error: unknown) => boolean,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me.dashboard }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me.today }),
    ]);
  return useMutation({
    mutationFn,
    networkMode,
    onSuccess: refresh,
    onError: (error) => (refreshOnError?.(error) ? refresh() : undefined),
  });
}

/**
 * POST /api/recommendations, with the submission's Idempotency-Key: sent again (a retry after a
 * timeout, the copy kept offline), it gives one recommendation.
 */
export const useGiveRecommendation = () =>
  useRecommendationMutation(
    ({ body, idempotencyKey }: { body: RecommendationForm; idempotencyKey: string }) =>
      callApi(endpoints.give, { body }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // Tried even when the app thinks it is offline: a failure for want of network keeps it on
    // the device (recommendation-form.tsx) instead of waiting paused.
    'always',
  );

/** The address the form's write is kept offline for (features/offline sends it later). */
export const giveRecommendationUrl = () => endpointPath(endpoints.give);

type MoveBody = z.input<typeof moveRecommendationSchema>;
/** POST /api/recommendations/:id/status (the receiver). */
export const useMoveRecommendation = () =>
  useRecommendationMutation(({ id, ...body }: { id: string } & MoveBody) =>
    callApi(endpoints.move, { params: { recommendationId: id }, body }),
  );

type DeclareBody = z.input<typeof declareBusinessSchema>;
/** PUT /api/recommendations/:id/business: the receiver corrects the declared amount. */
export const useDeclareBusiness = () =>
  useRecommendationMutation(({ id, ...body }: { id: string } & DeclareBody) =>
    callApi(endpoints.declareBusiness, { params: { recommendationId: id }, body }),
  );

type AnswerBody = z.output<typeof answerBusinessSchema>;
/**
 * POST /api/recommendations/:id/business/answer: the giver confirms or disputes the amount they
 * were shown (`seenAmountCents`); changed meanwhile, a 409 whose message the form shows, and the
 * pages reload the amount.
 */
export const useAnswerBusiness = () =>
  useRecommendationMutation(
    ({ id, ...body }: { id: string } & AnswerBody) =>
      callApi(endpoints.answerBusiness, { params: { recommendationId: id }, body }),
    undefined,
    (error) => error instanceof ApiRequestError && error.code === 'BUSINESS_AMOUNT_CHANGED',
  );
