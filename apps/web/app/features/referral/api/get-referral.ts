import type { CommissionStatus, CommissionTotals } from '@synergie/shared/referral';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/me/referral as JSON (dates arrive as ISO strings). */
export interface ReferralData {
  code: string;
  link: string;
  referrals: { name: string; joinedAt: string; subscribed: boolean }[];
  totals: CommissionTotals;
  lines: {
    id: string;
    referredName: string | null;
    kind: 'first' | 'renewal' | 'reversal';
    amountCents: number;
    status: CommissionStatus;
    payableAt: string;
    statementMonth: string;
  }[];
}

export function useReferral() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.me.referral,
      queryFn: ({ signal }) => apiRequest<ReferralData>('/me/referral', { signal }),
    }),
  );
}
