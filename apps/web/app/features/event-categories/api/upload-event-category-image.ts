import { EVENT_CATEGORY_IMAGE_UPLOAD_PATH } from '@synergie/shared/event-category-constants';
import type { ImageUploadResponse } from '@synergie/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '~/lib/api-client';

/** Stores the image (event-category-images bucket); the form then saves its URL. */
export function uploadEventCategoryImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return apiUpload<ImageUploadResponse>(EVENT_CATEGORY_IMAGE_UPLOAD_PATH, formData);
}

export function useUploadEventCategoryImage() {
  return useMutation({ mutationFn: uploadEventCategoryImage });
}
