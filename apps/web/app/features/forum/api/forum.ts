import type {
  ForumCategoriesResponse,
  ForumCategory,
  ForumCategoryFormInput,
  ForumReportStatus,
  ForumReportsResponse,
  ForumSearchResponse,
  ForumTopicResponse,
  ForumTopicsResponse,
} from '@synergie/shared/forum';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type {
  ForumCategoriesResponse,
  ForumCategory,
  ForumReportsResponse,
  ForumSearchResponse,
  ForumTopicResponse,
  ForumTopicsResponse,
};
export type ForumPost = ForumTopicResponse['posts'][number];
export type ForumMentionable = { id: string; name: string; trade: string | null };

/** A refusal (401, 403, 404) will not change on a second try. */
const retry = (count: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && count < 1;

const enc = encodeURIComponent;

function search(params: Record<string, string | number | boolean | undefined | null>) {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) out.set(key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** GET /api/forum/categories: what the caller may read, and what they may do. */
export function useForumCategories() {
  return useQuery({
    queryKey: queryKeys.forum.categories,
    queryFn: ({ signal }) => apiRequest<ForumCategoriesResponse>('/forum/categories', { signal }),
    retry,
  });
}

/** GET /api/forum/categories/:slug/topics. */
export function useForumTopics(slug: string, page: number, unanswered: boolean) {
  return useQuery({
    queryKey: queryKeys.forum.topics(slug, page, unanswered),
    queryFn: ({ signal }) =>
      apiRequest<ForumTopicsResponse>(
        `/forum/categories/${enc(slug)}/topics${search({ page: page > 1 ? page : undefined, unanswered })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET /api/forum/topics/:topicId. */
export function useForumTopic(topicId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.forum.topic(topicId, page),
    queryFn: ({ signal }) =>
      apiRequest<ForumTopicResponse>(`/forum/topics/${enc(topicId)}${search({ page: page > 1 ? page : undefined })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET /api/forum/search (only with at least the minimum of characters). */
export function useForumSearch(q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.forum.search(q, page),
    queryFn: ({ signal }) =>
      apiRequest<ForumSearchResponse>(`/forum/search${search({ q, page: page > 1 ? page : undefined })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET /api/forum/reports (leaders and admins). */
export function useForumReports(status: ForumReportStatus, page: number) {
  return useQuery({
    queryKey: queryKeys.forum.reports(status, page),
    queryFn: ({ signal }) =>
      apiRequest<ForumReportsResponse>(`/forum/reports${search({ status, page: page > 1 ? page : undefined })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** GET /api/forum/mentionable?q=: the members proposed after `@`. */
export function useMentionable(q: string) {
  return useQuery({
    queryKey: queryKeys.forum.mentionable(q),
    queryFn: ({ signal }) =>
      apiRequest<{ members: ForumMentionable[] }>(`/forum/mentionable${search({ q })}`, { signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry,
  });
}

/** GET /api/admin/forum/categories (admins): every national category, archived ones included. */
export function useAdminForumCategories() {
  return useQuery({
    queryKey: queryKeys.forum.adminCategories,
    queryFn: ({ signal }) => apiRequest<{ categories: ForumCategory[] }>('/admin/forum/categories', { signal }),
    retry,
  });
}

/** Any change on the forum reloads its lists and topics (and the bell, for the mentions). */
function useForumMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forum.all }),
  });
}

export interface TopicBody {
  title: string;
  body: string;
  isPublic: boolean;
  mentions: string[];
}
export interface PostBody {
  body: string;
  mentions: string[];
}
export type Target = { kind: 'topic' | 'post'; id: string };
const targetPath = (t: Target) => (t.kind === 'topic' ? `/forum/topics/${enc(t.id)}` : `/forum/posts/${enc(t.id)}`);

/** POST /api/forum/categories/:slug/topics. */
export const useCreateTopic = () =>
  useForumMutation(({ slug, ...body }: TopicBody & { slug: string }) =>
    apiRequest<{ id: string }>(`/forum/categories/${enc(slug)}/topics`, { method: 'POST', body }),
  );

/** PATCH /api/forum/topics/:topicId (its author, within the edit window). */
export const useEditTopic = () =>
  useForumMutation(({ id, ...body }: TopicBody & { id: string }) =>
    apiRequest<unknown>(`/forum/topics/${enc(id)}`, { method: 'PATCH', body }),
  );

/** POST /api/forum/topics/:topicId/posts. */
export const useReply = () =>
  useForumMutation(({ topicId, ...body }: PostBody & { topicId: string }) =>
    apiRequest<{ id: string }>(`/forum/topics/${enc(topicId)}/posts`, { method: 'POST', body }),
  );

/** PATCH /api/forum/posts/:postId (its author, within the edit window). */
export const useEditPost = () =>
  useForumMutation(({ id, ...body }: PostBody & { id: string }) =>
    apiRequest<unknown>(`/forum/posts/${enc(id)}`, { method: 'PATCH', body }),
  );

/** PUT /api/forum/topics/:topicId/accepted: the asker picks a reply (or null). */
export const useAccept = () =>
  useForumMutation(({ topicId, postId }: { topicId: string; postId: string | null }) =>
    apiRequest<unknown>(`/forum/topics/${enc(topicId)}/accepted`, { method: 'PUT', body: { postId } }),
  );

/** POST …/report with an optional reason. */
export const useReport = () =>
  useForumMutation(({ target, reason }: { target: Target; reason: string | null }) =>
    apiRequest<unknown>(`${targetPath(target)}/report`, { method: 'POST', body: { reason } }),
  );

/** POST …/hide or …/restore with the reason (leaders of the category's group, admins). */
export const useModerate = () =>
  useForumMutation(({ target, action, reason }: { target: Target; action: 'hide' | 'restore'; reason: string }) =>
    apiRequest<unknown>(`${targetPath(target)}/${action}`, { method: 'POST', body: { reason } }),
  );

/** POST /api/admin/forum/categories. */
export const useCreateCategory = () =>
  useForumMutation((body: ForumCategoryFormInput) =>
    apiRequest<unknown>('/admin/forum/categories', { method: 'POST', body }),
  );

/** PATCH /api/admin/forum/categories/:categoryId. */
export const useUpdateCategory = () =>
  useForumMutation(({ id, ...body }: ForumCategoryFormInput & { id: string }) =>
    apiRequest<unknown>(`/admin/forum/categories/${enc(id)}`, { method: 'PATCH', body }),
  );
