import { describe, expect, it } from 'vitest';
import { groupPathOf, missingScopeField, ruleReachesFiles, ruleReachesScan, type ScopedRule } from './scope.ts';

const scan = { scanId: 7, groupId: 9, groupPath: [1, 4, 9], inheritance: true, applicationName: 'router.bin' };
const rule = (fields: Partial<ScopedRule>): ScopedRule => ({ scope: 'CA', groupScope: null, resultScope: null, applicationName: null, fileHash: null, ...fields });

describe('ruleReachesScan', () => {
  it('reaches by account, group (and ancestors when inheriting), result and application name', () => {
    expect(ruleReachesScan(rule({ scope: 'CA' }), scan)).toBe(true);
    expect(ruleReachesScan(rule({ scope: 'G', groupScope: 9 }), scan)).toBe(true);
    expect(ruleReachesScan(rule({ scope: 'G', groupScope: 4 }), scan)).toBe(true);
    expect(ruleReachesScan(rule({ scope: 'G', groupScope: 4 }), { ...scan, inheritance: false })).toBe(false);
    expect(ruleReachesScan(rule({ scope: 'G', groupScope: 5 }), scan)).toBe(false);
    expect(ruleReachesScan(rule({ scope: 'R', resultScope: 7 }), scan)).toBe(true);
    expect(ruleReachesScan(rule({ scope: 'R', resultScope: 8 }), scan)).toBe(false);
    expect(ruleReachesScan(rule({ scope: 'FN', applicationName: 'router.bin' }), scan)).toBe(true);
    expect(ruleReachesScan(rule({ scope: 'FN', applicationName: 'switch.bin' }), scan)).toBe(false);
  });

  it('leaves a file hash rule to the files it is about', () => {
    const fh = rule({ scope: 'FH', fileHash: 'a'.repeat(40) });
    expect(ruleReachesScan(fh, scan)).toBe(true);
    expect(ruleReachesFiles(fh, new Set(['a'.repeat(40)]))).toBe(true);
    expect(ruleReachesFiles(fh, new Set(['b'.repeat(40)]))).toBe(false);
    expect(ruleReachesFiles(rule({ scope: 'CA' }), new Set())).toBe(true);
  });
});

describe('missingScopeField', () => {
  it('names what each scope needs', () => {
    expect(missingScopeField('G', {})).toBe('group_scope');
    expect(missingScopeField('R', { group_scope: 1 })).toBe('result_scope');
    expect(missingScopeField('FN', { result_scope: null })).toBe('result_scope');
    expect(missingScopeField('FH', { triaged_obj: 'not a hash' })).toBe('triaged_obj');
    expect(missingScopeField('FH', { triaged_obj: 'A'.repeat(40) })).toBeNull();
    expect(missingScopeField('CA', {})).toBeNull();
  });

  it('reads a search path', () => {
    expect(groupPathOf('1.4.9')).toEqual([1, 4, 9]);
  });
});
