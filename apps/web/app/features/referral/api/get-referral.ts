import type { ReferralResponse } from '@synergie/shared/referral';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/** GET /api/me/referral (dates as ISO strings, read with ~/lib/api-dates). */
export type ReferralData = ReferralResponse;

export const referralQueryKey = ['me', 'referral'] as const;

export function useReferral() {
  return useQuery(
    queryOptions({
      queryKey: referralQueryKey,
      queryFn: ({ signal }) => apiRequest<ReferralData>('/me/referral', { signal }),
    }),
  );
}
