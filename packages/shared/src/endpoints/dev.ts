import { devMailboxQuerySchema, devMailboxSchema } from '../dev-mailbox';
import { endpoint } from '../endpoint';

/** Development only: registered outside production (apps/server/src/app.ts), hidden from the docs. */
export const devEndpoints = {
  mailbox: endpoint({
    method: 'GET',
    path: '/dev/mailbox',
    operationId: 'readDevMailbox',
    tags: ['Développement'],
    summary: 'Boîte de réception de développement (hors production)',
    access: 'public',
    query: devMailboxQuerySchema,
    responses: { 200: devMailboxSchema },
    hidden: true,
  }),
};
