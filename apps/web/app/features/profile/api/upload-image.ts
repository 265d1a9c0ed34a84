import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import type { MeResponse } from './get-me';

/** The member's two images: the avatar and the company logo. */
export type ProfileImageKind = 'avatar' | 'logo';

export const imageUrlField = {
  avatar: 'avatarUrl',
  logo: 'companyLogoUrl',
} as const satisfies Record<ProfileImageKind, keyof MeResponse['profile']>;

export function uploadImage({ kind, file }: { kind: ProfileImageKind; file: File }) {
  const formData = new FormData();
  formData.append('file', file);
  return uploadApi(kind === 'avatar' ? endpoints.uploadAvatar : endpoints.uploadLogo, formData);
}

export function useUploadImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImage({ kind, file }),
    onSuccess: ({ url }) => {
      queryClient.setQueryData<MeResponse>(queryKeys.me.all, (me) =>
        me ? { ...me, profile: { ...me.profile, [imageUrlField[kind]]: url } } : me,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
}
