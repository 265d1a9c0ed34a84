import { uploadEndpoints } from '@synergie/shared/endpoints';
import { useMutation } from '@tanstack/react-query';
import { uploadApi } from '~/lib/api-client';

/** Stores the image (service-images bucket, under the member's id); the form then saves its URL. */
export function uploadServiceImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return uploadApi(uploadEndpoints.contentImage, formData);
}

export function useUploadServiceImage() {
  return useMutation({ mutationFn: uploadServiceImage });
}
