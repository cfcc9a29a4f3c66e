// VEX (issue 18): the triages as CycloneDX or OpenVEX downloads (of the account, a group or an
// application), and a VEX document made into triages: previewed (a dry run), then applied.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group, Paged, Scan, VexImportResult } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { uploadFile } from '../../../lib/upload-file.ts';
import { vexKeys } from './keys.ts';

export type VexFormat = NonNullable<paths['/rest/vex/']['get']['parameters']['query']>['format'];

export const VEX_FORMATS: readonly { value: VexFormat; label: string; description: string }[] = [
  { value: 'cyclonedx', label: 'CycloneDX', description: 'CycloneDX 1.6 JSON: the components and a vulnerability with its analysis per triage.' },
  { value: 'openvex', label: 'OpenVEX', description: 'OpenVEX 0.2.0 JSON: a statement per triage.' },
];

/** Whose triages a download holds. */
export type VexExportTarget = { kind: 'account' } | { kind: 'group'; id: number } | { kind: 'application'; id: number };

/** The download's address: a plain link, so the browser saves the file under the name the server gives. */
export function vexExportUrl(target: VexExportTarget, format: VexFormat): string {
  const query = `?format=${format}`;
  switch (target.kind) {
    case 'account':
      return `/rest/vex/${query}`;
    case 'group':
      return `/rest/groups/${target.id}/vex/${query}`;
    case 'application':
      return `/rest/scans/${target.id}/vex/${query}`;
  }
}

/** Groups a picker offers: those the user sees, by name. */
export const GROUP_CHOICES = 500;
export const vexGroupsQueryOptions = () =>
  queryOptions({
    queryKey: vexKeys.groups(),
    queryFn: ({ signal }): Promise<Paged<Group>> => unwrap(api.GET('/rest/groups/', { params: { query: { limit: GROUP_CHOICES, ordering: 'name' } }, signal })),
  });

/** Applications a picker offers: the newest ready ones the user sees (older ones by their application page). */
export const APPLICATION_CHOICES = 100;
export const vexApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: vexKeys.applications(),
    queryFn: ({ signal }): Promise<Paged<Scan>> =>
      unwrap(api.GET('/rest/scans/', { params: { query: { status: 'R', ordering: '-created', limit: APPLICATION_CHOICES } }, signal })),
  });

export type VexImportScope = paths['/rest/vex/']['post']['requestBody']['content']['multipart/form-data']['scope'];

export interface VexImportRequest {
  file: File;
  scope: VexImportScope;
  groupScope: number | null;
  resultScope: number | null;
  dryRun: boolean;
}

export function importVex({ file, scope, groupScope, resultScope, dryRun }: VexImportRequest): Promise<VexImportResult> {
  const fields: Record<string, string> = { scope, dry_run: dryRun ? 'true' : 'false' };
  if (scope === 'G' && groupScope !== null) fields['group_scope'] = String(groupScope);
  if ((scope === 'R' || scope === 'FN') && resultScope !== null) fields['result_scope'] = String(resultScope);
  return uploadFile<VexImportResult>('/rest/vex/', { file, fields });
}

/** A preview changes nothing; an import may change any triage list and any application's evaluation, so every cached answer is refreshed. */
export function useImportVex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importVex,
    onSuccess: async (result) => {
      if (!result.dry_run && result.create.length > 0) await queryClient.invalidateQueries();
    },
  });
}
