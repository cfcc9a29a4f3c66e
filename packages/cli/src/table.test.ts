import type { Problem, ScanResult } from '@binlens/engine';
import { describe, expect, it } from 'vitest';
import { align, formatTable } from './table.ts';

describe('formatTable', () => {
  it('escapes names, paths and problem messages from the input', () => {
    const result = {
      components: [{ lib: 'evil\nNAME', version: '1.0\x1b[31m', codetype: 'JS', vulns: [], objects: [{ extended_fullpath: ['a.tar', 'x\ty\u202e'] }] }],
    } as unknown as ScanResult;
    const problems: Problem[] = [{ level: 'warning', location: ['a.tar', '../\x1b]0;t\x07'], plugin: 'archive/tar', code: 'unsafe-path', message: 'member path contains `..`; not extracted' }];
    expect(formatTable(result, problems)).toBe(
      [
        'NAME        VERSION    TYPE  FILES',
        'evil\\nNAME  1.0\\e[31m  JS    a.tar > x\\ty\\u{202e}',
        '',
        'LEVEL    CODE         PLUGIN       LOCATION               MESSAGE',
        'warning  unsafe-path  archive/tar  a.tar > ../\\e]0;t\\x07  member path contains `..`; not extracted',
        '',
      ].join('\n'),
    );
  });

  it('align pads by the escaped width', () => {
    expect(align([['a\nb', 'x'], ['c', 'y']])).toBe('a\\nb  x\nc     y\n');
  });
});
