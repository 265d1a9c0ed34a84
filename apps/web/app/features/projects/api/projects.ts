import type { OkResponse } from '@synergie/shared/api';
import { CONTENT_IMAGE_UPLOAD_PATH } from '@synergie/shared/content-images';
import type { ImageUploadResponse } from '@synergie/shared/profile';
import type { Project, ProjectList, ProjectValues } from '@synergie/shared/projects';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports above: the shared module's zod schemas never reach this page's bundle.
export type { Project, ProjectList };

/** The body of POST/PUT: the project dialog's schema output (trimmed, empty fields as null). */
export type ProjectBody = ProjectValues;

/** 'all': the public list on /portfolio; 'mine': the member's own on /my-projects (subscribers). */
export type ProjectScope = 'all' | 'mine';

const listPath = { all: '/projects', mine: '/me/projects' } as const;

export function getProjects(scope: ProjectScope, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ProjectList>(`${listPath[scope]}${query}`, { signal });
}

export const projectsQueryOptions = (scope: ProjectScope) =>
  infiniteQueryOptions({
    queryKey: queryKeys.projects.list(scope),
    queryFn: ({ pageParam, signal }) => getProjects(scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: 1,
  });

export function useProjects(scope: ProjectScope) {
  return useInfiniteQuery(projectsQueryOptions(scope));
}

export function saveProject({ id, body }: { id?: string; body: ProjectBody }) {
  return id
    ? apiRequest<Project>(`/projects/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<Project>('/projects', { method: 'POST', body });
}

export function deleteProject(id: string) {
  return apiRequest<OkResponse>(`/projects/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The shared upload route of services and projects: answers the URL to send as imageUrl. */
export function uploadProjectImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return apiUpload<ImageUploadResponse>(CONTENT_IMAGE_UPLOAD_PATH, formData);
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
