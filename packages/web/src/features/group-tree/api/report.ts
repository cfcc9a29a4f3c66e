import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

/** What the browser saves when the server names no file. */
const DEFAULT_NAME = 'groups-report.csv';

/** Spec §7 POST /groups/report/ (q): the CSV of the groups the caller sees that match q. */
export async function fetchGroupsReport(q: string): Promise<{ blob: Blob; filename: string }> {
  const { data, error, response } = await api.POST('/rest/groups/report/', { params: { query: q ? { q } : {} }, parseAs: 'blob' });
  if (!response.ok || !data) throw new ApiError(response.status, error ?? null);
  return { blob: data as Blob, filename: filenameOf(response.headers.get('content-disposition')) };
}

/** `attachment; filename="groups-report.csv"` → groups-report.csv. */
export function filenameOf(disposition: string | null): string {
  const match = /filename="([^"/\\]+)"/.exec(disposition ?? ''); // 'attachment; filename="groups-report.csv"'
  return match?.[1] ?? DEFAULT_NAME;
}

/** Fetches the report and hands it to the browser as a download. */
export function useDownloadGroupsReport() {
  return useMutation({
    mutationFn: async (q: string) => {
      const { blob, filename } = await fetchGroupsReport(q);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}
