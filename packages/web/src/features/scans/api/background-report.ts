// POST /rest/reports/: a scan's PDF report made in the background, for a scan too large to wait
// for; the reports feature's pages follow and list it.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';

export function useMakeBackgroundReport(scanId: number) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/reports/', { body: { kind: 'scan', format: 'pdf', scan: scanId } })),
  });
}
