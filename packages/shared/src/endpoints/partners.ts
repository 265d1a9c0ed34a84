import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import {
  partnerInputSchema,
  partnerParamsSchema,
  partnerSchema,
  partnersResponseSchema,
  partnerUpdateSchema,
  siteInfoRequestSchema,
  siteInfoSchema,
} from '../partners';

/** GET /api/partners: the public list of partner sites. */
export const partnerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/partners',
    operationId: 'listPartners',
    tags: ['Partenaires'],
    summary: 'Liste publique des sites partenaires',
    access: 'public',
    responses: { 200: partnersResponseSchema },
  }),
};

const tags = ['Administration'];

/** What the safe fetch of another site may answer (lib/safe-fetch.ts). */
const fetchErrors = [
  'URL_REFUSED',
  'SITE_UNREACHABLE',
  'SITE_TIMEOUT',
  'TOO_MANY_REDIRECTS',
  'RESPONSE_TOO_LARGE',
  'SITE_ERROR',
  'UNEXPECTED_CONTENT_TYPE',
] as const;

/**
 * /api/admin/partners and /api/admin/site-info: admins only (401 signed out, 403 'Accès non
 * autorisé'). A partner's id is checked as a UUID (400 with the 'not found' words, as before).
 */
export const adminPartnerEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/admin/partners',
    operationId: 'createPartner',
    tags,
    summary: 'Ajouter un site partenaire (partner_sites insert)\u202f; un logo externe est importé et stocké',
    access: 'admin',
    body: partnerInputSchema,
    responses: { 200: partnerSchema },
    errors: ['URL_REFUSED', 'LOGO_IMPORT_FAILED'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/partners/:id',
    operationId: 'updatePartner',
    tags,
    summary: 'Modifier un partenaire\u00a0: à la une, ordre, nom, description, site, logo, catégorie',
    access: 'admin',
    params: partnerParamsSchema,
    body: partnerUpdateSchema,
    responses: { 200: partnerSchema },
    errors: ['NOT_FOUND', 'URL_REFUSED', 'LOGO_IMPORT_FAILED'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/partners/:id',
    operationId: 'deletePartner',
    tags,
    summary: 'Supprimer un partenaire (partner_sites delete) et son logo',
    access: 'admin',
    params: partnerParamsSchema,
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  siteInfo: endpoint({
    method: 'POST',
    path: '/admin/site-info',
    operationId: 'fetchSiteInfo',
    tags,
    summary:
      'fetch-site-info\u00a0: titre, description, image Open Graph et icône d’une page publique (http/https, adresses publiques seulement, 5 s, 1 Mo)',
    access: 'admin',
    body: siteInfoRequestSchema,
    responses: { 200: siteInfoSchema },
    errors: fetchErrors,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
};
