import { waitlistEndpoints as endpoints } from '@synergie/shared/endpoints';
import { callApi } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

/** POST /api/groups/:groupId/waitlist: queue for the seat of the member's trade (held by someone). */
export function joinWaitlist(groupId: string) {
  return callApi(endpoints.join, { params: { groupId } });
}

/** DELETE /api/me/waitlist/:entryId: leaves the list, in one click. */
export function leaveWaitlist(entryId: string) {
  return callApi(endpoints.leave, { params: { entryId } });
}

/** POST /api/me/waitlist/:entryId/accept|decline: answers the offer of a freed seat. */
export function answerSeatOffer({ entryId, answer }: { entryId: string; answer: 'accept' | 'decline' }) {
  return callApi(answer === 'accept' ? endpoints.acceptOffer : endpoints.declineOffer, { params: { entryId } });
}

export const useJoinWaitlist = () => useGroupsMutation(joinWaitlist);
export const useLeaveWaitlist = () => useGroupsMutation(leaveWaitlist);
export const useAnswerSeatOffer = () => useGroupsMutation(answerSeatOffer);
