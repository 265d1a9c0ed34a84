import multipart from '@fastify/multipart';
import { rosterImportEndpoints as endpoints } from '@synergie/shared/endpoints';
import { ROSTER_MAX_BYTES, rosterMessages } from '@synergie/shared/roster-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { AppError } from '../../lib/errors';
import { memberOf } from '../../plugins/access';
import { multipartLimits, readUploadedFile } from '../../storage/upload';
import { readRosterFile } from './roster-file';
import { importRoster, RosterQuotaError, reviewRoster } from './roster-import';

/** A group's roster from a CSV or XLSX file (issue 33): read, dry run, import. Leaders and admins. */
export const rosterImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: multipartLimits(ROSTER_MAX_BYTES) });

  serve(app, endpoints.read, async (request) => {
    const bytes = await readUploadedFile(request, ROSTER_MAX_BYTES, {
      noFile: () => new AppError('NO_FILE', rosterMessages.noFile),
      tooLarge: () => new AppError('ROSTER_TOO_LARGE'),
    });
    return readRosterFile(bytes);
  });

  serve(app, endpoints.dryRun, async (request) =>
    reviewRoster(ctx, memberOf(request).id, request.params.groupId, request.body),
  );

  serve(app, endpoints.commit, async (request, reply) => {
    try {
      return await importRoster(ctx, memberOf(request).id, request.params.groupId, request.body);
    } catch (error) {
      if (error instanceof RosterQuotaError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  });
};
