import { billingMessages } from '@synergie/shared';
import type { FastifyRequest } from 'fastify';
import { getSubscription } from '../domain/subscriptions';
import { requireUser, type SessionUser } from '../plugins/auth';
import { AppError } from './errors';

/**
 * The signed-in subscriber (trial included): 401 when signed out, 403 SUBSCRIPTION_REQUIRED
 * 'Vous devez avoir un abonnement actif pour accéder à cette page' otherwise (or the route's own
 * words, such as event registration's). Answered from our
 * database. Every route using it is listed in lib/subscriber-routes.ts (a test checks each one).
 */
export async function requireSubscriber(
  request: FastifyRequest,
  message: string = billingMessages.subscriptionRequired,
): Promise<SessionUser> {
  const member = await requireUser(request);
  const subscription = await getSubscription(request.server.ctx.db, member.id);
  if (!subscription.subscribed) {
    throw new AppError('SUBSCRIPTION_REQUIRED', message);
  }
  return member;
}
