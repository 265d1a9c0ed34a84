import type { ContactInput } from '@synergie/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

export function sendContact(input: ContactInput) {
  return apiRequest<{ ok: true; id: string }>('/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
