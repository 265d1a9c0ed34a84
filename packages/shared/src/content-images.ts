// Constants with no dependency: pages import them without pulling in zod.

import { apiErrors } from './errors';

/**
 * POST /api/uploads/service-images (multipart/form-data, field `file`), shared by member services
 * and portfolio projects: answers `{ url }` (imageUploadResponseSchema), the public URL to send
 * as the item's imageUrl. The image is stored in the `service-images` bucket under the member's id.
 */
export const CONTENT_IMAGE_UPLOAD_PATH = '/uploads/service-images';

export const contentImageMessages = {
  /** A service or project may only show an image its owner uploaded through the route above. */
  invalid: apiErrors.INVALID_IMAGE.message,
} as const;
