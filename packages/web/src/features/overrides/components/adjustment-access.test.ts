import { describe, expect, it } from 'vitest';
import { buildComponent, buildScan } from '../../../testing/builders.ts';
import { detectedVersion, filesOf, overrideScopeLabel, storedScopeLabel } from './adjustment-access.ts';

const object = (sha1: string, path: string) => ({ sha1, exe_flags: [], matching_methods: [], extended_fullpath: ['fw.bin', path], docker: null });

describe('the component files overrides and moves are keyed on', () => {
  it('keeps each SHA-1 once, in order, and leaves out files without one', () => {
    const component = buildComponent({ objects: [object('b'.repeat(40), 'lib/a.so'), object('', 'lib/gone.so'), object('b'.repeat(40), 'lib/a-copy.so'), object('c'.repeat(40), 'lib/c.so')] });
    expect(filesOf(component)).toEqual([
      { sha1: 'b'.repeat(40), path: ['fw.bin', 'lib/a.so'] },
      { sha1: 'c'.repeat(40), path: ['fw.bin', 'lib/c.so'] },
    ]);
  });
});

describe('scopes in words', () => {
  const scan = buildScan({ id: 42, group: 7, group_name: 'Routers' });
  it.each([
    [{ scope: 1, group_scope: null, result_scope: 42 }, 'This application'],
    [{ scope: 1, group_scope: null, result_scope: 9 }, 'Application 9'],
    [{ scope: 2, group_scope: 7, result_scope: null }, 'Group Routers'],
    [{ scope: 2, group_scope: 3, result_scope: null }, 'A parent group'],
    [{ scope: 3, group_scope: null, result_scope: null }, 'Global'],
  ])('%o is %s', (override, label) => {
    expect(storedScopeLabel(override, scan)).toBe(label);
  });

  it('offers each scope as seen from the scan', () => {
    expect(([1, 2, 3] as const).map((scope) => overrideScopeLabel(scope, scan))).toEqual(['This application only', 'Every application in group Routers', 'Every application (global)']);
  });

  it('reads the detected version under an override', () => {
    expect([detectedVersion({ version: '4.17.21', detected_version: '4.17.20' }), detectedVersion({ version: '4.17.20', detected_version: null })]).toEqual(['4.17.20', '4.17.20']);
  });
});
