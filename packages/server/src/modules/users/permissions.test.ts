import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES, permissionsOf, ROLE_PERMISSIONS } from './permissions.ts';

// The role → permission table of docs/roles.md. A change here is a change of who may do what:
// update docs/roles.md in the same commit.
describe('account roles', () => {
  it('grants exactly these permissions per role', () => {
    expect(Object.fromEntries(ACCOUNT_ROLES.map((role) => [role, permissionsOf([role])]))).toEqual({
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
    });
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ACCOUNT_ROLES].sort());
  });

  it('unites the permissions of several roles, sorted and once each; unknown roles grant nothing', () => {
    expect(permissionsOf(['SM', 'CP', 'SR', 'XX'])).toEqual(['add_vulnerabilityinvalidation', 'change_infoleakcustomregex']);
    expect(permissionsOf([])).toEqual([]);
  });

  it('names only change_companyaccount for the administrator among the roles', () => {
    expect(ACCOUNT_ROLES.filter((role) => permissionsOf([role]).includes('change_companyaccount'))).toEqual(['AU']);
  });
});
