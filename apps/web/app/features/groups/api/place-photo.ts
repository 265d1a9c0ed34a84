import { groupPlaceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupPage } from '@synergie/shared/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The group's page as cached, with its meeting place's photo changed. */
function setPhoto(queryClient: ReturnType<typeof useQueryClient>, slug: string, url: string | null) {
  queryClient.setQueryData<GroupPage>(queryKeys.groups.page(slug), (page) =>
    page ? { ...page, group: { ...page.group, placePhotoUrl: url } } : page,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.groups.page(slug) });
}

/** POST /api/groups/:groupId/place-photo (the group's leaders). */
export function useUploadPlacePhoto(groupId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return uploadApi(endpoints.uploadPlacePhoto, formData, { params: { groupId } });
    },
    onSuccess: ({ url }) => setPhoto(queryClient, slug, url),
  });
}

/** DELETE /api/groups/:groupId/place-photo. */
export function useRemovePlacePhoto(groupId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.removePlacePhoto, { params: { groupId } }),
    onSuccess: () => setPhoto(queryClient, slug, null),
  });
}
