import type { Permission } from '../../lib/viewer.ts';

export type { Permission };

/** Spec §6 account roles. */
export const ACCOUNT_ROLES = ['AU', 'BR', 'BU', 'CP', 'GP', 'LR', 'PU', 'RU', 'SM', 'SR', 'U', 'VC', 'VV'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * What each account role grants: the whole table, one line per role (docs/roles.md gives the
 * reasoning where spec §6 is silent; permissions.test.ts pins it). Roles that grant no account
 * permission act through their group roles alone until a feature of theirs needs one.
 */
export const ROLE_PERMISSIONS: Readonly<Record<AccountRole, readonly Permission[]>> = {
  AU: ['add_vulnerabilityinvalidation', 'change_companyaccount', 'change_infoleakcustomregex', 'view_allaccountgroup'],
  BR: [],
  BU: [],
  CP: ['change_infoleakcustomregex'],
  GP: ['view_allaccountgroup'],
  LR: [],
  PU: ['add_vulnerabilityinvalidation', 'change_infoleakcustomregex'],
  RU: [],
  SM: ['add_vulnerabilityinvalidation'],
  SR: ['add_vulnerabilityinvalidation'],
  U: [],
  VC: [],
  VV: [],
};

export function isAccountRole(role: string): role is AccountRole {
  return (ACCOUNT_ROLES as readonly string[]).includes(role);
}

/** The account permissions a user's roles grant, sorted; a stored role no longer known grants nothing. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) if (isAccountRole(role)) for (const permission of ROLE_PERMISSIONS[role]) granted.add(permission);
  return [...granted].sort();
}
