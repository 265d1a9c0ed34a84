import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import { memberPageSchema } from '../member-page';

const tags = ['Membres'];

/** A member's public page and business card: anyone may read them; contact details vary by viewer. */
export const memberPageEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/members/:userId/page',
    operationId: 'getMemberPage',
    tags,
    summary: 'La page publique d’un membre (carte de visite)\u00a0: téléphone et email seulement pour un membre abonné',
    access: 'public',
    params: idParams('userId'),
    responses: { 200: memberPageSchema },
    errors: ['NOT_FOUND'],
  }),
  vcard: endpoint({
    method: 'GET',
    path: '/members/:userId/vcard',
    operationId: 'getMemberVcard',
    tags,
    summary: 'La carte de visite d’un membre au format vCard 3.0 (.vcf)',
    access: 'public',
    params: idParams('userId'),
    responses: { 200: fileResponse('text/vcard; charset=utf-8', 'La carte de visite du membre (.vcf)') },
    errors: ['NOT_FOUND'],
  }),
};
