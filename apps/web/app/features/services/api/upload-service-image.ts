import { CONTENT_IMAGE_UPLOAD_PATH } from '@synergie/shared/content-images';
import type { ImageUploadResponse } from '@synergie/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '~/lib/api-client';

/** Stores the image (service-images bucket, under the member's id); the form then saves its URL. */
export function uploadServiceImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return apiUpload<ImageUploadResponse>(CONTENT_IMAGE_UPLOAD_PATH, formData);
}

export function useUploadServiceImage() {
  return useMutation({ mutationFn: uploadServiceImage });
}
