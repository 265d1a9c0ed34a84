import type { ContactInput } from '@synergie/shared/contact';
import { contactEndpoints } from '@synergie/shared/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';

export function sendContact(input: ContactInput) {
  return callApi(contactEndpoints.send, { body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
