// Who may adjust what (the server decides; this only hides what the user can never do): version,
// licence overrides and moves need change_appcheckgroup on the scan's group, global ones and
// display names change_companyaccount, ignores add_vulnerabilityinvalidation; each version
// override scope only while the company's switch for it is on.
import { useQuery } from '@tanstack/react-query';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { companySettingsQueryOptions } from '../../../lib/company-settings.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { groupPermissionsQueryOptions } from '../api/overrides.ts';

/** Spec §9 version override scopes (licence overrides use them too). */
export type OverrideScope = 1 | 2 | 3;

export interface AdjustmentAccess {
  /** change_appcheckgroup on the scan's group: moves, and overrides of scopes 1 and 2. */
  changeGroup: boolean;
  /** change_companyaccount: global overrides and display names. */
  admin: boolean;
  /** add_vulnerabilityinvalidation: component ignores. */
  ignore: boolean;
  versionScopes: OverrideScope[];
  licenceScopes: OverrideScope[];
}

export function useAdjustmentAccess(groupId: number): AdjustmentAccess {
  const admin = usePermission('change_companyaccount');
  const ignore = usePermission('add_vulnerabilityinvalidation');
  const group = useQuery(groupPermissionsQueryOptions(groupId));
  const settings = useQuery(companySettingsQueryOptions());
  const changeGroup = group.data?.includes('change_appcheckgroup') ?? false;
  const licenceScopes: OverrideScope[] = [...(changeGroup ? [1, 2] as const : []), ...(admin ? [3] as const : [])];
  const switches: Record<OverrideScope, boolean> = {
    1: settings.data?.enable_product_version_override ?? false,
    2: settings.data?.enable_group_version_override ?? false,
    3: settings.data?.enable_global_version_override ?? false,
  };
  return { changeGroup, admin, ignore, licenceScopes, versionScopes: licenceScopes.filter((scope) => switches[scope]) };
}

/** A scope in words, as the dialogs offer it for this scan. */
export function overrideScopeLabel(scope: OverrideScope, scan: Pick<Scan, 'group_name'>): string {
  if (scope === 1) return 'This application only';
  if (scope === 2) return `Every application in group ${scan.group_name}`;
  return 'Every application (global)';
}

/** A stored override's reach, seen from this scan. */
export function storedScopeLabel(override: { scope: number; group_scope: number | null; result_scope: number | null }, scan: Pick<Scan, 'id' | 'group' | 'group_name'>): string {
  if (override.scope === 1) return override.result_scope === scan.id ? 'This application' : `Application ${override.result_scope ?? ''}`.trim();
  if (override.scope === 2) return override.group_scope === scan.group ? `Group ${scan.group_name}` : 'A parent group';
  return 'Global';
}

/** The component's files that have a SHA-1 (what overrides and moves are keyed by), each once. */
export function filesOf(component: Pick<ResultComponent, 'objects'>): { sha1: string; path: string[] }[] {
  const seen = new Map<string, string[]>();
  for (const object of component.objects) if (object.sha1 !== '' && !seen.has(object.sha1)) seen.set(object.sha1, object.extended_fullpath);
  return [...seen.entries()].map(([sha1, path]) => ({ sha1, path }));
}

/** The version the engine found: the detected one when an override replaced it. */
export const detectedVersion = (component: Pick<ResultComponent, 'version' | 'detected_version'>): string => component.detected_version ?? component.version;
