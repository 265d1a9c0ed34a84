import { endpoint, multipartBody } from '../endpoint';
import { idParams } from '../ids';
import { rosterImportResultSchema, rosterImportSchema, rosterReviewSchema, rosterTableSchema } from '../roster-import';

const tags = ['Groupes'];
const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;

/**
 * A group's roster imported from a CSV or XLSX file (issue 33, docs/product/roster-import.md):
 * admins and the group's leaders. The file is read once (its table comes back with the mapping
 * guessed from its headers); the dry run and the import send the table back with the mapping
 * chosen on the preview screen.
 */
export const rosterImportEndpoints = {
  read: endpoint({
    method: 'POST',
    path: '/groups/:groupId/roster/file',
    operationId: 'readGroupRosterFile',
    tags,
    summary:
      'Lire la liste des membres d’un groupe (multipart/form-data, champ «\u00a0file\u00a0»\u202f; CSV ou XLSX, 500 lignes au plus)',
    access: leaders,
    params: idParams('groupId'),
    body: multipartBody(
      'file',
      'La liste des membres (CSV en UTF-8 ou Windows-1252, séparateur point-virgule ou virgule, ou XLSX)',
    ),
    responses: { 200: rosterTableSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'NO_FILE',
      'ROSTER_TOO_LARGE',
      'ROSTER_TOO_MANY_LINES',
      'ROSTER_UNREADABLE',
      'ROSTER_OLD_EXCEL',
      'ROSTER_EMPTY',
    ],
    rateLimit: { max: 30, timeWindow: '10 minutes', per: 'member' },
  }),
  dryRun: endpoint({
    method: 'POST',
    path: '/groups/:groupId/roster/dry-run',
    operationId: 'checkGroupRoster',
    tags,
    summary: 'Vérifier l’import d’une liste de membres sans rien écrire\u00a0: le problème de chaque ligne',
    access: leaders,
    params: idParams('groupId'),
    body: rosterImportSchema,
    responses: { 200: rosterReviewSchema },
    errors: ['GROUP_NOT_FOUND'],
    rateLimit: { max: 60, timeWindow: '10 minutes', per: 'member' },
  }),
  commit: endpoint({
    method: 'POST',
    path: '/groups/:groupId/roster/import',
    operationId: 'importGroupRoster',
    tags,
    summary:
      'Importer une liste de membres\u00a0: sièges donnés en une transaction, comptes créés et invités (tout ou rien)',
    access: leaders,
    params: idParams('groupId'),
    body: rosterImportSchema,
    responses: { 200: rosterImportResultSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'ROSTER_HAS_PROBLEMS',
      'ROSTER_CHANGED',
      'SEAT_TAKEN',
      'GROUP_FULL',
      'ALREADY_IN_GROUP',
      // The importer's quota `rosterInvitations`, counted per invitation, all at once.
      'QUOTA_EXCEEDED',
    ],
    // Each import may mail up to 50 invitations (a group's seats): a few imports an hour.
    rateLimit: { max: 10, timeWindow: '1 hour', per: 'member' },
  }),
};
