import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import type { MeResponse } from './get-me';
import { imageUrlField, type ProfileImageKind } from './upload-image';

export function deleteImage(kind: ProfileImageKind) {
  return callApi(kind === 'avatar' ? endpoints.removeAvatar : endpoints.removeLogo);
}

export function useDeleteImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteImage(kind),
    onSuccess: () => {
      queryClient.setQueryData<MeResponse>(queryKeys.me.all, (me) =>
        me ? { ...me, profile: { ...me.profile, [imageUrlField[kind]]: null } } : me,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
}
