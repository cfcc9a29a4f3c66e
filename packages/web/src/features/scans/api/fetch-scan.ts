import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Scan, ScanFetchBody } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** POST /rest/scans/fetch/: the new scan, busy while the server downloads the file. */
export function fetchScan(body: ScanFetchBody): Promise<Scan> {
  return unwrap(api.POST('/rest/scans/fetch/', { body }));
}

export function useFetchScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchScan,
    // 400 is shown under its field.
    meta: { handledStatuses: [400] },
    onSuccess: async (scan) => {
      queryClient.setQueryData(scanKeys.detail(scan.id), scan);
      await queryClient.invalidateQueries({ queryKey: scanKeys.lists() });
    },
  });
}

/** `Name: value` per line → headers; the line numbers of lines that are not. */
export function parseHeaderLines(text: string): { headers: Record<string, string>; bad: number[] } {
  return parseLines(text, ':');
}

/** `KEY=value` per line → custom data. */
export function parseCustomDataLines(text: string): { data: Record<string, string>; bad: number[] } {
  const { headers, bad } = parseLines(text, '=');
  return { data: headers, bad };
}

function parseLines(text: string, separator: string): { headers: Record<string, string>; bad: number[] } {
  const headers: Record<string, string> = {};
  const bad: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const at = line.indexOf(separator);
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (!name) bad.push(index + 1);
    else headers[name] = line.slice(at + 1).trim();
  });
  return { headers, bad };
}
