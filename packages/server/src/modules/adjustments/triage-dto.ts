// A triage as the API shows it (spec §3 Triage, plus the range and re-scoring fields).
import type { TriageRationale, TriageRow, TriageScope } from '../../db/schema/index.ts';

export interface TriageDto {
  id: number;
  url: string;
  scan_id: number | null;
  component_name: string;
  mapped_component_id: string | null;
  component_version: string | null;
  version_range: string | null;
  vuln_id: string;
  description: string;
  rationale: TriageRationale;
  scope: TriageScope;
  triaged_obj: string | null;
  group_scope: number | null;
  result_scope: number | null;
  application_name: string | null;
  adjusted_severity: string | null;
  environmental_vector: string | null;
  adjusted_score: number | null;
  user: number | null;
  created: string;
  modified: string;
}

export function toTriageDto(row: TriageRow): TriageDto {
  return {
    id: row.id,
    url: `/rest/triages/${row.id}/`,
    scan_id: row.scanId,
    component_name: row.componentName,
    mapped_component_id: row.mappedComponentId,
    component_version: row.componentVersion,
    version_range: row.versionRange,
    vuln_id: row.vulnId,
    description: row.description,
    rationale: row.rationale,
    scope: row.scope,
    triaged_obj: row.triagedObj,
    group_scope: row.groupScope,
    result_scope: row.resultScope,
    application_name: row.applicationName,
    adjusted_severity: row.adjustedSeverity,
    environmental_vector: row.environmentalVector,
    adjusted_score: row.adjustedScore,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  };
}
