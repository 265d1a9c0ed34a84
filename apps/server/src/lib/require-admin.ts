import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../domain/roles';
import { requireUser, type SessionUser } from '../plugins/auth';
import { AppError } from './errors';

/**
 * The signed-in admin: 401 'Vous devez être connecté pour accéder à cette page' when signed
 * out, 403 'Accès non autorisé' for a member who is not an admin.
 */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const member = await requireUser(request);
  if (!(await isAdmin(request.server.ctx.db, member.id))) throw new AppError('FORBIDDEN');
  return member;
}
