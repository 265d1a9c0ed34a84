import type { ContactInput, ContactResponse } from '@synergie/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

export function sendContact(input: ContactInput) {
  return apiRequest<ContactResponse>('/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
