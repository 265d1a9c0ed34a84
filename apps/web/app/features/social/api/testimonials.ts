import { testimonialEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  MyTestimonials,
  Testimonial,
  TestimonialAnswerInput,
  TestimonialFormInput,
} from '@synergie/shared/recommendations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { MyTestimonials, Testimonial };

/** GET /api/me/testimonials: received (every status) and written. */
export function useMyTestimonials() {
  return useQuery({
    queryKey: queryKeys.me.testimonials,
    queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
  });
}

export function writeTestimonial(input: TestimonialFormInput) {
  return callApi(endpoints.write, { body: input });
}

export function useWriteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeTestimonial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.testimonials }),
  });
}

export function answerTestimonial({ id, ...body }: TestimonialAnswerInput & { id: string }) {
  return callApi(endpoints.answer, { params: { testimonialId: id }, body });
}

export function deleteTestimonial(id: string) {
  return callApi(endpoints.remove, { params: { testimonialId: id } });
}

/** Answering or withdrawing changes the lists and a member page. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.me.testimonials }),
      queryClient.invalidateQueries({ queryKey: queryKeys.memberPages }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me.dashboard }),
    ]);
}

export function useAnswerTestimonial() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: answerTestimonial, onSettled: refresh });
}

export function useDeleteTestimonial() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteTestimonial, onSettled: refresh });
}
