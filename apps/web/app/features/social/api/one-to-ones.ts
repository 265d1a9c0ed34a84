import { oneToOneEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { OneToOne, OneToOneAnswerInput, OneToOneFormInput, OneToOneList } from '@synergie/shared/recommendations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// Type-only imports from the shared modules: their zod schemas load with the forms only.
export type { OneToOne, OneToOneList };

/** GET /api/me/one-to-ones: both sides, newest meeting first. */
export function useMyOneToOnes() {
  return useQuery({
    queryKey: queryKeys.me.oneToOnes,
    queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
  });
}

export function logOneToOne(input: OneToOneFormInput) {
  return callApi(endpoints.log, { body: input });
}

export function useLogOneToOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOneToOne,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.oneToOnes }),
  });
}

export function answerOneToOne({ id, ...body }: OneToOneAnswerInput & { id: string }) {
  return callApi(endpoints.answer, { params: { oneToOneId: id }, body });
}

export function useAnswerOneToOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOneToOne,
    // A 409 means it was answered meanwhile (another tab): show where it stands.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.oneToOnes }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me.dashboard }),
      ]),
  });
}
