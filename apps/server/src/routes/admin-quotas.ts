import { MEMBER_QUOTA_NAMES } from '@synergie/shared';
import { adminQuotaEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { liftQuota, listQuotaHits, quotaLimitsFrom } from '../domain/quotas';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/admin/quotas: who hit a member quota, and lifting one for a member (issue 33). Admins only. */
export const adminQuotaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limitsOf = quotaLimitsFrom(ctx.env);

  serve(app, endpoints.list, async () => ({
    items: await listQuotaHits(ctx.db, limitsOf),
    limits: MEMBER_QUOTA_NAMES.map((quota) => ({
      quota,
      perHour: limitsOf(quota).perHour,
      perDay: limitsOf(quota).perDay,
    })),
  }));

  serve(app, endpoints.lift, (request) =>
    liftQuota(ctx.db, memberOf(request).id, request.params.userId, request.body.quota, request.body.hours),
  );
};
