import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { endMembershipSchema, LeaderRole, nameLeaderSchema } from '@synergie/shared/groups';
import type { z } from 'zod';
import { callApi } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

type EndMembershipBody = z.output<typeof endMembershipSchema>;
type NameLeaderBody = z.output<typeof nameLeaderSchema>;

/** POST /api/me/group/leave: the member leaves their group; the reason goes to its history. */
export function leaveGroup(body: EndMembershipBody) {
  return callApi(endpoints.leave, { body });
}

/** POST /api/groups/:groupId/members/:userId/remove: a leader removes a member, with a reason. */
export function removeMember({ groupId, userId, ...body }: { groupId: string; userId: string } & EndMembershipBody) {
  return callApi(endpoints.removeMember, { params: { groupId, userId }, body });
}

/** PUT /api/groups/:groupId/leaders/:role: names a member (null clears the role). */
export function nameLeader({ groupId, role, ...body }: { groupId: string; role: LeaderRole } & NameLeaderBody) {
  return callApi(endpoints.nameLeader, { params: { groupId, role }, body });
}

export const useLeaveGroup = () => useGroupsMutation(leaveGroup);
export const useRemoveMember = () => useGroupsMutation(removeMember);
export const useNameLeader = () => useGroupsMutation(nameLeader);
