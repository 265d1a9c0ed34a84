import { projectEndpoints as endpoints, uploadEndpoints } from '@synergie/shared/endpoints';
import type { Project, ProjectList, ProjectValues } from '@synergie/shared/projects';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared module's zod schemas never reach this page's bundle.
export type { Project, ProjectList };

/** The body of POST/PUT: the project dialog's schema output (trimmed, empty fields as null). */
export type ProjectBody = ProjectValues;

/** 'all': the public list on /portfolio; 'mine': the member's own on /my-projects (subscribers). */
export type ProjectScope = 'all' | 'mine';

const listEndpoint = { all: endpoints.list, mine: endpoints.mine } as const;

export function getProjects(scope: ProjectScope, cursor: string | null, signal?: AbortSignal) {
  return callApi(listEndpoint[scope], { query: { cursor: cursor ?? undefined } }, { signal });
}

export const projectsQueryOptions = (scope: ProjectScope) =>
  infiniteQueryOptions({
    queryKey: queryKeys.projects.list(scope),
    queryFn: ({ pageParam, signal }) => getProjects(scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useProjects(scope: ProjectScope) {
  return useInfiniteQuery(projectsQueryOptions(scope));
}

export function saveProject({ id, body }: { id?: string; body: ProjectBody }) {
  return id ? callApi(endpoints.update, { params: { id }, body }) : callApi(endpoints.create, { body });
}

export function deleteProject(id: string) {
  return callApi(endpoints.remove, { params: { id } });
}

/** The shared upload route of services and projects: answers the URL to send as imageUrl. */
export function uploadProjectImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return uploadApi(uploadEndpoints.contentImage, formData);
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    // After a save the lists reload (spec section 4).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}

export function useUploadProjectImage() {
  return useMutation({ mutationFn: uploadProjectImage });
}
