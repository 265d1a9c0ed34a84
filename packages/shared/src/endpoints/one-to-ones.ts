import { endpoint } from '../endpoint';
import {
  oneToOneAnswerSchema,
  oneToOneFormSchema,
  oneToOneIdParamsSchema,
  oneToOneListSchema,
  oneToOneSchema,
} from '../recommendations';

const tags = ['Tête-à-tête'];

/** `Tête-à-tête` (network-core §3): two members log that they met; it counts once the other confirms. */
export const oneToOneEndpoints = {
  log: endpoint({
    method: 'POST',
    path: '/one-to-ones',
    operationId: 'logOneToOne',
    tags,
    summary:
      'Déclarer un tête-à-tête avec un autre membre (abonné)\u00a0: date passée de 6 mois au plus, lieu, ses propres notes\u202f; le membre rencontré est prévenu',
    access: 'subscriber',
    body: oneToOneFormSchema,
    responses: { 201: oneToOneSchema },
    errors: [
      'SELF_ONE_TO_ONE',
      'ONE_TO_ONE_IN_FUTURE',
      'ONE_TO_ONE_TOO_OLD',
      'MEMBER_NOT_FOUND',
      'RECIPIENT_NOT_MEMBER',
      'ONE_TO_ONE_DUPLICATE',
    ],
    // It notifies the member met (issue 33).
    quota: 'oneToOnes',
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/one-to-ones',
    operationId: 'listMyOneToOnes',
    tags,
    summary:
      'Ses tête-à-tête, déclarés ou reçus, le plus récent d’abord (chacun ne voit que ses propres notes), et le nombre de confirmés sur 6 mois',
    access: 'member',
    responses: { 200: oneToOneListSchema },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/one-to-ones/:oneToOneId/answer',
    operationId: 'answerOneToOne',
    tags,
    summary: 'Confirmer ou refuser un tête-à-tête (le membre rencontré seulement), avec ses propres notes',
    access: 'member',
    params: oneToOneIdParamsSchema,
    body: oneToOneAnswerSchema,
    responses: { 200: oneToOneSchema },
    errors: ['ONE_TO_ONE_NOT_FOUND', 'NOT_ONE_TO_ONE_PARTNER', 'ONE_TO_ONE_ANSWERED'],
  }),
};
