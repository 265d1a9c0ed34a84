import type { endMembershipSchema, LeaderRole, nameLeaderSchema } from '@synergie/shared/groups';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

type EndMembershipBody = z.output<typeof endMembershipSchema>;
type NameLeaderBody = z.output<typeof nameLeaderSchema>;

/** POST /api/me/group/leave: the member leaves their group; the reason goes to its history. */
export function leaveGroup(body: EndMembershipBody) {
  return apiRequest<void>('/me/group/leave', { method: 'POST', body });
}

/** POST /api/groups/:groupId/members/:userId/remove: a leader removes a member, with a reason. */
export function removeMember({ groupId, userId, ...body }: { groupId: string; userId: string } & EndMembershipBody) {
  return apiRequest<void>(`/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}/remove`, {
    method: 'POST',
    body,
  });
}

/** PUT /api/groups/:groupId/leaders/:role: names a member (null clears the role). */
export function nameLeader({ groupId, role, ...body }: { groupId: string; role: LeaderRole } & NameLeaderBody) {
  return apiRequest<void>(`/groups/${encodeURIComponent(groupId)}/leaders/${role}`, { method: 'PUT', body });
}

export const useLeaveGroup = () => useGroupsMutation(leaveGroup);
export const useRemoveMember = () => useGroupsMutation(removeMember);
export const useNameLeader = () => useGroupsMutation(nameLeader);
