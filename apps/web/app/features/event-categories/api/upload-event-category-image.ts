import { eventCategoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation } from '@tanstack/react-query';
import { uploadApi } from '~/lib/api-client';

/** Stores the image (event-category-images bucket); the form then saves its URL. */
export function uploadEventCategoryImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return uploadApi(endpoints.uploadImage, formData);
}

export function useUploadEventCategoryImage() {
  return useMutation({ mutationFn: uploadEventCategoryImage });
}
