import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';

/** A seat, an application or a waiting-list place changed: every group view reloads. */
export function invalidateGroups(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me.group }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me.today }),
  ]);
}

/** A mutation of the groups API: on success, every group view reloads. */
export function useGroupsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateGroups(queryClient) });
}
