import path from 'node:path';
import { profileMessages } from '@synergie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../lib/errors';
import type { LocalDiskStorage } from './local';

/** Every stored image was re-encoded to WebP (images.ts): nothing else is ever served here. */
const IMAGE_TYPES: Record<string, string> = { '.webp': 'image/webp' };

/**
 * Even a stored file that is not what it claims cannot run: no sniffing, no script, no
 * plugin, no form, sandboxed if opened as a page (the image viewer's own styles stay allowed).
 */
export const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** GET /storage/<bucket>/<key>: the local disk driver's files, read-only, images only. */
export const localStorageRoutes: FastifyPluginAsync<{ storage: LocalDiskStorage }> = async (app, { storage }) => {
  // Public like a CDN: stored images are shown on public pages.
  app.get('/storage/:bucket/*', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const params = request.params as { bucket: string; '*': string };
    const contentType = IMAGE_TYPES[path.extname(params['*']).toLowerCase()];
    const file = contentType ? await storage.open(params.bucket, params['*']) : null;
    if (!file || !contentType) {
      return sendError(reply, 'NOT_FOUND', profileMessages.fileNotFound);
    }
    return reply
      .header('content-type', contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', STORAGE_CSP)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.handle.createReadStream());
  });
};
