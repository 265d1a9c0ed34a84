import { rosterImportEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { RosterImportInput } from '@synergie/shared/roster-import';
import { callApi, uploadApi } from '~/lib/api-client';

/** POST /api/groups/:groupId/roster/file: the file's table and the mapping guessed from its headers. */
export function readRosterFile(groupId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadApi(endpoints.read, form, { params: { groupId } });
}

/** POST /api/groups/:groupId/roster/dry-run: each line's problems, nothing written. */
export function checkRoster(groupId: string, body: RosterImportInput) {
  return callApi(endpoints.dryRun, { params: { groupId }, body });
}

/** POST /api/groups/:groupId/roster/import: all or nothing. */
export function importRoster(groupId: string, body: RosterImportInput) {
  return callApi(endpoints.commit, { params: { groupId }, body });
}
