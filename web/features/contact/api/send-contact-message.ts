import { useMutation } from '@tanstack/react-query';
import { sendContactMessageOutput } from '#common/api/contact';
import type { ContactMessageInput } from '#common/validation/contact';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/contact: the contact form's message, e-mailed to support. */
export function sendContactMessage(input: ContactMessageInput) {
  return apiRequest('/api/contact', { body: input, schema: sendContactMessageOutput });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
