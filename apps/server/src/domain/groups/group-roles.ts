import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { GroupRole, GroupRoleResolver } from '../../plugins/access';

/** A string that can be a group's id; anything else names no group (404, never a 500). */
export const isGroupId = isUuid;

/**
 * The access plugin's group roles (plugins/access.ts, network-core §2 "Leaders manage their group
 * only"): 'leader' for the group's Président, Vice-président and Secrétaire-trésorier, and for
 * admins (who name leaders and manage every group); 'member' for an active member of that group;
 * null otherwise. An unknown group is a 404, whoever asks. One query.
 */
export const groupRoleResolver: GroupRoleResolver = async (
  request: FastifyRequest,
  { userId, groupId },
): Promise<GroupRole | null> => {
  if (!isGroupId(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const { rows } = await request.server.ctx.db.execute<{ role: string | null; member: boolean; admin: boolean }>(sql`
    select gm.role,
           gm.id is not null as member,
           exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin') as admin
      from groups g
      left join group_members gm on gm.group_id = g.id and gm.user_id = ${userId} and gm.status = 'active'
     where g.id = ${groupId}`);
  const row = rows[0];
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  if (row.admin || row.role) return 'leader';
  return row.member ? 'member' : null;
};
