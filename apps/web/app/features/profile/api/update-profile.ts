import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { ProfileUpdate } from '@synergie/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import type { MeResponse } from './get-me';

/** The body is the shared schema's output: trimmed, links with https://, empty fields as null. */
export function updateProfile(input: ProfileUpdate) {
  return callApi(endpoints.updateProfile, { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      // The stored values show at once (the header reads them too), then the cache is refreshed.
      queryClient.setQueryData<MeResponse>(queryKeys.me.all, (me) => (me ? { ...me, profile } : me));
      return queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
}
