import { describe, expect, it } from 'vitest';
import { licensePolicy, validatePolicyOverrides } from './policy.ts';

describe('licensePolicy', () => {
  it.each([
    ['GPL-2.0-only', 'RE'],
    ['AGPL-3.0-or-later', 'RE'],
    ['LGPL-2.1-or-later', 'RE'],
    ['MPL-2.0', 'RE'],
    ['EPL-2.0', 'RE'],
    ['MIT', 'PE'],
    ['BSD-3-Clause', 'PE'],
    ['Apache-2.0', 'PE'],
    ['ISC', 'PE'],
    ['Zlib', 'PE'],
    ['mit', 'PE'],
    ['GPL-2.0+', 'RE'],
    ['MPL-2.0+', 'RE'],
    ['LicenseRef-vendor-eula', null],
  ] as const)('%s declared → %s', (expression, policy) => {
    expect(licensePolicy(expression)).toBe(policy);
  });

  it('a restrictive licence known only by text similarity is RU; permissive stays PE', () => {
    expect(licensePolicy('GPL-3.0-only', { estimated: true })).toBe('RU');
    expect(licensePolicy('MIT', { estimated: true })).toBe('PE');
  });

  it.each([
    ['GPL-2.0-or-later OR MIT', 'PE'],
    ['GPL-2.0-or-later AND MIT', 'RE'],
    ['(GPL-2.0-only OR Artistic-1.0) AND BSD-2-Clause', 'RE'],
    ['MIT AND (GPL-3.0-only OR Apache-2.0)', 'PE'],
    ['GPL-2.0-only WITH Classpath-exception-2.0', 'RE'],
    ['MIT AND LicenseRef-unknown', null],
    ['GPL-2.0-only AND LicenseRef-unknown', 'RE'],
    ['LicenseRef-unknown OR Apache-2.0', 'PE'],
    ['MIT AND', null],
    ['(MIT', null],
    ['MIT OR OR GPL-2.0-only', null],
    ['', null],
  ] as const)('expression %s → %s', (expression, policy) => {
    expect(licensePolicy(expression)).toBe(policy);
  });

  it('user overrides win over the built-in table, case-insensitively', () => {
    const overrides = { 'mpl-2.0': 'PE', 'LicenseRef-vendor-eula': 'RE', MIT: 'RU' };
    expect(licensePolicy('MPL-2.0', { overrides })).toBe('PE');
    expect(licensePolicy('LicenseRef-vendor-eula', { overrides })).toBe('RE');
    expect(licensePolicy('MIT', { overrides })).toBe('RU');
    expect(licensePolicy('MIT OR LicenseRef-vendor-eula', { overrides })).toBe('RU');
  });

  it('an override class other than RE, RU, PE is refused', () => {
    expect(() => validatePolicyOverrides({ MIT: 'permissive' })).toThrow('licence policy for MIT must be one of RE, RU, PE, not "permissive"');
    expect(() => licensePolicy('MIT', { overrides: { MIT: 'XX' } })).toThrow(/must be one of/);
  });
});
