import { profileMessages } from '@synergie/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { tooLarge } from './images';

/** The name of the form field that carries the file. */
export const UPLOAD_FIELD = 'file';

/** Limits for @fastify/multipart where uploads are accepted: one file and next to nothing else. */
export const multipartLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 50,
});

/** What a file other than an image answers when it is missing or too large (a roster, issue 33). */
export interface UploadRefusals {
  noFile: () => AppError;
  tooLarge: () => AppError;
}

function uploadError(error: unknown, maxBytes: number, refusals?: UploadRefusals): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusals ? refusals.tooLarge() : tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BAD_REQUEST', profileMessages.noFile);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', profileMessages.multipartRequired);
  }
  return new AppError('BAD_REQUEST', profileMessages.unreadableForm);
}

/**
 * The bytes of the `file` field of a multipart/form-data request, at most `maxBytes` (413
 * beyond). Its name and declared type are ignored: images.ts checks the content.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  refusals?: UploadRefusals,
): Promise<Buffer> {
  const noFile = () => (refusals ? refusals.noFile() : new AppError('NO_FILE'));
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', profileMessages.multipartRequired);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: multipartLimits(maxBytes) });
  } catch (error) {
    throw uploadError(error, maxBytes, refusals);
  }
  if (!part || part.fieldname !== UPLOAD_FIELD) {
    part?.file.resume();
    throw noFile();
  }
  let body: Buffer;
  try {
    body = await part.toBuffer();
  } catch (error) {
    throw uploadError(error, maxBytes, refusals);
  }
  if (body.length === 0) throw noFile();
  return body;
}
