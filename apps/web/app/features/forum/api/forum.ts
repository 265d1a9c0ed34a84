import { forumEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  ForumCategoriesResponse,
  ForumCategory,
  ForumCategoryFormInput,
  ForumLandingResponse,
  ForumReportStatus,
  ForumReportsResponse,
  ForumSearchResponse,
  ForumTopicResponse,
  ForumTopicsResponse,
} from '@synergie/shared/forum';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared zod schemas reach only the pages with a form.
export type {
  ForumCategoriesResponse,
  ForumCategory,
  ForumLandingResponse,
  ForumReportsResponse,
  ForumSearchResponse,
  ForumTopicResponse,
  ForumTopicsResponse,
};
export type ForumPost = ForumTopicResponse['posts'][number];
export type ForumMentionable = { id: string; name: string; trade: string | null };

/** The first page is the address without `page`. */
const pageQuery = (page: number) => (page > 1 ? page : undefined);

/** GET /api/forum/categories: what the caller may read, and what they may do. */
export function useForumCategories() {
  return useQuery({
    queryKey: queryKeys.forum.categories,
    queryFn: ({ signal }) => callApi(endpoints.categories, {}, { signal }),
  });
}

/** GET /api/forum/latest: the latest discussions and the questions nobody answered (the landing). */
export function useForumLanding() {
  return useQuery({
    queryKey: queryKeys.forum.landing,
    queryFn: ({ signal }) => callApi(endpoints.landing, {}, { signal }),
  });
}

/** GET /api/forum/categories/:slug/topics. */
export function useForumTopics(slug: string, page: number, unanswered: boolean) {
  return useQuery({
    queryKey: queryKeys.forum.topics(slug, page, unanswered),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.topics,
        { params: { slug }, query: { page: pageQuery(page), unanswered: unanswered ? 'true' : undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forum/topics/:topicId. */
export function useForumTopic(topicId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.forum.topic(topicId, page),
    queryFn: ({ signal }) =>
      callApi(endpoints.topic, { params: { topicId }, query: { page: pageQuery(page) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forum/search (only with at least the minimum of characters). */
export function useForumSearch(q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.forum.search(q, page),
    queryFn: ({ signal }) => callApi(endpoints.search, { query: { q, page: pageQuery(page) } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forum/reports (leaders and admins). */
export function useForumReports(status: ForumReportStatus, page: number) {
  return useQuery({
    queryKey: queryKeys.forum.reports(status, page),
    queryFn: ({ signal }) => callApi(endpoints.reports, { query: { status, page: pageQuery(page) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forum/mentionable?q=: the members proposed after `@`. */
export function useMentionable(q: string) {
  return useQuery({
    queryKey: queryKeys.forum.mentionable(q),
    queryFn: ({ signal }) => callApi(endpoints.mentionable, { query: { q } }, { signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/admin/forum/categories (admins): every national category, archived ones included. */
export function useAdminForumCategories() {
  return useQuery({
    queryKey: queryKeys.forum.adminCategories,
    queryFn: ({ signal }) => callApi(endpoints.adminCategories, {}, { signal }),
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

/** POST /api/forum/categories/:slug/topics. */
export const useCreateTopic = () =>
  useForumMutation(({ slug, ...body }: TopicBody & { slug: string }) =>
    callApi(endpoints.createTopic, { params: { slug }, body }),
  );

/** PATCH /api/forum/topics/:topicId (its author, within the edit window). */
export const useEditTopic = () =>
  useForumMutation(({ id, ...body }: TopicBody & { id: string }) =>
    callApi(endpoints.editTopic, { params: { topicId: id }, body }),
  );

/** POST /api/forum/topics/:topicId/posts. */
export const useReply = () =>
  useForumMutation(({ topicId, ...body }: PostBody & { topicId: string }) =>
    callApi(endpoints.reply, { params: { topicId }, body }),
  );

/** PATCH /api/forum/posts/:postId (its author, within the edit window). */
export const useEditPost = () =>
  useForumMutation(({ id, ...body }: PostBody & { id: string }) =>
    callApi(endpoints.editPost, { params: { postId: id }, body }),
  );

/** PUT /api/forum/topics/:topicId/accepted: the asker picks a reply (or null). */
export const useAccept = () =>
  useForumMutation(({ topicId, postId }: { topicId: string; postId: string | null }) =>
    callApi(endpoints.accept, { params: { topicId }, body: { postId } }),
  );

/** POST …/report with an optional reason. */
export const useReport = () =>
  useForumMutation(({ target, reason }: { target: Target; reason: string | null }) =>
    target.kind === 'topic'
      ? callApi(endpoints.reportTopic, { params: { topicId: target.id }, body: { reason } })
      : callApi(endpoints.reportPost, { params: { postId: target.id }, body: { reason } }),
  );

/** The declarations of POST …/hide and …/restore, by target and action. */
const moderation = {
  topic: { hide: endpoints.hideTopic, restore: endpoints.restoreTopic },
  post: { hide: endpoints.hidePost, restore: endpoints.restorePost },
} as const;

/** POST …/hide or …/restore with the reason (leaders of the category's group, admins). */
export const useModerate = () =>
  useForumMutation(({ target, action, reason }: { target: Target; action: 'hide' | 'restore'; reason: string }) =>
    target.kind === 'topic'
      ? callApi(moderation.topic[action], { params: { topicId: target.id }, body: { reason } })
      : callApi(moderation.post[action], { params: { postId: target.id }, body: { reason } }),
  );

/** POST /api/admin/forum/categories. */
export const useCreateCategory = () =>
  useForumMutation((body: ForumCategoryFormInput) => callApi(endpoints.createCategory, { body }));

/** PATCH /api/admin/forum/categories/:categoryId. */
export const useUpdateCategory = () =>
  useForumMutation(({ id, ...body }: ForumCategoryFormInput & { id: string }) =>
    callApi(endpoints.updateCategory, { params: { categoryId: id }, body }),
  );
