// The analysis tab's side data: the scan's licences with their classes (the company's overrides
// applied, read fresh: an override shows at once) and one component's evidence, read when its
// panel opens so that result/ stays small.
import { queryOptions } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ComponentEvidence, ScanLicense } from '../../../lib/api-schemas.ts';
import { useSearchWriter } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { scanKeys } from './keys.ts';

export const scanLicensesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanKeys.licenses(id),
    queryFn: ({ signal }): Promise<ScanLicense[]> => unwrap(api.GET('/rest/scans/{id}/licenses/', { params: { path: { id } }, signal })),
    meta: { handledStatuses: [409] },
  });

export const componentEvidenceQueryOptions = (id: number, uid: string) =>
  queryOptions({
    queryKey: scanKeys.evidence(id, uid),
    queryFn: ({ signal }): Promise<ComponentEvidence> => unwrap(api.GET('/rest/scans/{id}/evidence/', { params: { path: { id }, query: { uid } }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handledStatuses: [404] },
  });

export const componentPanelSchema = z.object({ component: z.string().min(1).max(256).optional().catch(undefined) });

/** The uid of the component in the side panel (`?component=`), and a setter; undefined closes it. */
export function useSelectedComponent(): { selected: string | undefined; select: (uid: string | undefined) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const selected = componentPanelSchema.parse({ component: raw.component }).component;
  const write = useSearchWriter();
  const select = useCallback((uid: string | undefined) => write({ component: uid }, uid === undefined ? ['component'] : []), [write]);
  return { selected, select };
}
