// Constants with no dependency: pages import them without pulling in zod.

import { apiErrors } from './errors';

/**
 * POST /api/uploads/service-images (uploadEndpoints.contentImage; multipart/form-data, field
 * `file`), shared by member services and portfolio projects: answers `{ url }`, the public URL to
 * send as the item's imageUrl. The image is stored in the `service-images` bucket under the
 * member's id.
 */
export const contentImageMessages = {
  /** A service or project may only show an image its owner uploaded through that route. */
  invalid: apiErrors.INVALID_IMAGE.message,
} as const;
