import type { WaitlistEntry } from '@synergie/shared/groups';
import { apiRequest } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

/** POST /api/groups/:groupId/waitlist: queue for the seat of the member's trade (held by someone). */
export function joinWaitlist(groupId: string) {
  return apiRequest<WaitlistEntry>(`/groups/${encodeURIComponent(groupId)}/waitlist`, { method: 'POST' });
}

/** DELETE /api/me/waitlist/:entryId: leaves the list, in one click. */
export function leaveWaitlist(entryId: string) {
  return apiRequest<void>(`/me/waitlist/${encodeURIComponent(entryId)}`, { method: 'DELETE' });
}

/** POST /api/me/waitlist/:entryId/accept|decline: answers the offer of a freed seat. */
export function answerSeatOffer({ entryId, answer }: { entryId: string; answer: 'accept' | 'decline' }) {
  return apiRequest<void>(`/me/waitlist/${encodeURIComponent(entryId)}/${answer}`, { method: 'POST' });
}

export const useJoinWaitlist = () => useGroupsMutation(joinWaitlist);
export const useLeaveWaitlist = () => useGroupsMutation(leaveWaitlist);
export const useAnswerSeatOffer = () => useGroupsMutation(answerSeatOffer);
