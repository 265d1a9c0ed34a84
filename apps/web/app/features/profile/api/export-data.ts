import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { DataExport } from '@synergie/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';

/** Everything the platform holds about the member (RGPD right of access and portability). */
export function getDataExport(signal?: AbortSignal) {
  return callApi(endpoints.exportData, {}, { signal });
}

/** The server's own file name (its content-disposition): mes-donnees-YYYY-MM-DD.json. */
export function exportFileName(data: Pick<DataExport, 'exportedAt'>) {
  return `mes-donnees-${data.exportedAt.slice(0, 10)}.json`;
}

/** Fetched through the API client (timeout, French errors), then handed to the browser as a file. */
export async function downloadDataExport() {
  const data = await getDataExport();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A mutation rather than a query: the file is produced on demand and never cached. */
export function useExportData() {
  return useMutation({ mutationFn: downloadDataExport });
}
