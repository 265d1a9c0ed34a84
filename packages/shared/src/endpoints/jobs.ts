import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { jobMessages } from '../job-messages';
import {
  applyResponseSchema,
  applyToJobSchema,
  createJobSchema,
  jobApplicationsResponseSchema,
  jobOfferSchema,
  jobsResponseSchema,
  myApplicationsResponseSchema,
} from '../jobs';

const tags = ['Carrières'];

/** Signed in, else 401 with the careers page's own words (spec section 8). */
const signedIn = { level: 'member', messages: { unauthenticated: jobMessages.signInRequired } } as const;

/** /api/jobs: job offers (public list) and applications (members; the author reads them). */
export const jobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/jobs',
    operationId: 'listJobs',
    tags,
    summary: 'Offres d’emploi\u00a0: celles du membre connecté d’abord, puis les autres (public_job_listings)',
    access: 'public',
    responses: { 200: jobsResponseSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/jobs',
    operationId: 'createJob',
    tags,
    summary: 'Publier une offre (job_positions insert)',
    access: signedIn,
    body: createJobSchema,
    responses: { 201: jobOfferSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/jobs/:id',
    operationId: 'deleteJob',
    tags,
    summary: 'Supprimer son offre (job_positions delete)\u202f; ses candidatures partent avec elle',
    access: signedIn,
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  apply: endpoint({
    method: 'POST',
    path: '/jobs/:id/applications',
    operationId: 'applyToJob',
    tags,
    summary: 'Postuler à une offre (applications insert)\u202f; l’auteur est prévenu par email',
    access: { level: 'member', messages: { unauthenticated: jobMessages.signInToApply } },
    params: idParams('id'),
    body: applyToJobSchema,
    responses: { 201: applyResponseSchema },
    errors: ['NOT_FOUND', 'OWN_OFFER', 'ALREADY_APPLIED'],
    rateLimit: { max: 30, timeWindow: '10 minutes' },
  }),
  applications: endpoint({
    method: 'GET',
    path: '/jobs/:id/applications',
    operationId: 'listJobApplications',
    tags,
    summary: 'Les candidatures reçues par une offre (son auteur seulement)',
    access: signedIn,
    params: idParams('id'),
    responses: { 200: jobApplicationsResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  myApplications: endpoint({
    method: 'GET',
    path: '/me/applications',
    operationId: 'listMyJobApplications',
    tags,
    summary: 'Les candidatures envoyées par le membre connecté',
    access: signedIn,
    responses: { 200: myApplicationsResponseSchema },
  }),
};
