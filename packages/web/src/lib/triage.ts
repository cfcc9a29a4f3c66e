// Triage (spec §3, §9) as every screen names it: the rationales and scopes in words, which
// triages resolve, and whether the signed-in user may triage at all. Shared by the triage
// screens and the analysis tab, which shows each vulnerability's triages.
import { useQuery } from '@tanstack/react-query';
import type { Triage } from './api-schemas.ts';
import { companySettingsQueryOptions } from './company-settings.ts';
import { usePermission } from './permissions.ts';

export type TriageRationale = Triage['rationale'];
export type TriageScope = Triage['scope'];

/** Spec §9, in the spec's order; CO (a comment) is the one that does not resolve. */
export const TRIAGE_RATIONALE_NAMES: Readonly<Record<TriageRationale, string>> = {
  VP: 'Vendor patched',
  FD: 'Feature disabled',
  OT: 'Other',
  CO: 'Comment',
  FP: 'False positive',
  PA: 'Patched',
  NA: 'Not affected',
  WF: "Won't fix",
  IG: 'Ignored',
  MI: 'Mitigated',
};
export const TRIAGE_RATIONALES = ['VP', 'FD', 'OT', 'CO', 'FP', 'PA', 'NA', 'WF', 'IG', 'MI'] as const satisfies readonly TriageRationale[];

export const TRIAGE_SCOPE_NAMES: Readonly<Record<TriageScope, string>> = {
  CA: 'Account',
  G: 'Group',
  R: 'Application',
  FN: 'Application name',
  FH: 'File hash',
};
export const TRIAGE_SCOPES = ['CA', 'G', 'R', 'FN', 'FH'] as const satisfies readonly TriageScope[];

/** The severities a re-scoring may set (the server's adjusted_severity). */
export const ADJUSTED_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AdjustedSeverity = (typeof ADJUSTED_SEVERITIES)[number];

/** A re-scoring keeps the vulnerability open at another severity instead of resolving it. */
export function isRescoring(triage: Pick<Triage, 'adjusted_severity' | 'environmental_vector'>): boolean {
  return triage.adjusted_severity !== null || triage.environmental_vector !== null;
}

/** Resolves the vulnerability (the server lists it under `triages`, not `unresolved_triages`). */
export function isResolving(triage: Pick<Triage, 'rationale' | 'adjusted_severity' | 'environmental_vector'>): boolean {
  return triage.rationale !== 'CO' && !isRescoring(triage);
}

export interface TriageAccess {
  /** Spec §9: the company has triage_enabled and the user holds add_vulnerabilityinvalidation. */
  allowed: boolean;
  /** The company's triage_description_mandatory: a new triage needs a description. */
  descriptionMandatory: boolean;
}

/** Whether triage actions show; while the settings load they stay hidden. */
export function useTriageAccess(): TriageAccess {
  const permitted = usePermission('add_vulnerabilityinvalidation');
  const { data } = useQuery(companySettingsQueryOptions());
  return { allowed: permitted && data?.triage_enabled === true, descriptionMandatory: data?.triage_description_mandatory === true };
}
