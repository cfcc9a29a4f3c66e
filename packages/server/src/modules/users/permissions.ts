import type { Permission } from '../../lib/viewer.ts';

export type { Permission };

/** Spec §6 account roles. */
export const ACCOUNT_ROLES = ['AU', 'BR', 'BU', 'CP', 'GP', 'LR', 'PU', 'RU', 'SM', 'SR', 'U', 'VC', 'VV'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

const ROLE_PERMISSIONS: Partial<Record<string, readonly Permission[]>> = {
  AU: ['change_companyaccount', 'change_infoleakcustomregex', 'add_vulnerabilityinvalidation', 'view_allaccountgroup'],
  CP: ['change_infoleakcustomregex'],
  GP: ['view_allaccountgroup'],
  SM: ['add_vulnerabilityinvalidation'],
  SR: ['add_vulnerabilityinvalidation'],
};

export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) for (const permission of ROLE_PERMISSIONS[role] ?? []) granted.add(permission);
  return [...granted].sort();
}
