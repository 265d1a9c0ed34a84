import { referralEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { ReferralResponse } from '@synergie/shared/referral';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/me/referral (dates as ISO strings, read with ~/lib/api-dates). */
export type ReferralData = ReferralResponse;

export function useReferral() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.me.referral,
      queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
    }),
  );
}
