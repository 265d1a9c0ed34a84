import { contactResponseSchema, contactSchema } from '../contact';
import { endpoint } from '../endpoint';

/** POST /api/contact: the contact form. */
export const contactEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/contact',
    operationId: 'sendContactMessage',
    tags: ['Contact'],
    summary: 'Envoyer un message depuis le formulaire de contact (send-contact-email)',
    access: 'public',
    body: contactSchema,
    responses: { 201: contactResponseSchema },
    // The server reads its limit from CONTACT_RATE_LIMIT (5 by default).
    rateLimit: { max: 5, timeWindow: '10 minutes' },
  }),
};
