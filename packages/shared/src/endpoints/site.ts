import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The service's state: also the body of its 503 when the database is away. */
const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });

/** Health check under /api (the site's robots.txt, sitemap.xml and bare /api are not endpoints). */
export const siteEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    tags: ['Système'],
    summary: 'État du service et de la base de données',
    description: "Sans la base de données, la réponse est 503 avec `{ status: 'degraded', database: 'unavailable' }`.",
    access: 'public',
    responses: { 200: healthSchema },
  }),
};
