import { describe, expect, it } from 'vitest';
import type { Identification } from '../model/index.ts';
import { toNativeJson } from './native-json.ts';
import { snakeCase } from './native-executables.ts';
import { toScanResult } from './scan-result.ts';

const component = { id: 'c1', name: 'libfoo', version: '1.0', codetype: 'NA' as const, vendor: '', purl: '', cpes: [], evidence: [] };

function identification(extra: Partial<Identification>): Identification {
  return { schemaVersion: 1, input: { name: 'in.bin', size: 1, sha1: 'a', sha256: 'b' }, files: [], components: [], problems: [], startedAt: '', finishedAt: '', ...extra };
}

describe('toNativeJson', () => {
  it('PE and Mach-O attributes under their contract names; the input shown by name', () => {
    const id = identification({
      files: [
        {
          path: [],
          size: 1,
          sha1: '',
          sha256: '',
          executable: { format: 'pe', machine: 'x86', bits: 32, endianness: 'little', type: 'executable', dynamicBase: true, highEntropyVa: false, nxCompat: true, gs: false, safeSeh: true, cfg: false, forceIntegrity: false, authenticode: true, missing: ['no-gs', 'no-control-flow-guard'] },
        },
        { path: ['a.app/a'], size: 1, sha1: '', sha256: '', executable: { format: 'macho', machine: 'arm64', bits: 64, endianness: 'little', type: 'executable', arc: true, encrypted: false, codeSignature: true } },
      ],
    });
    expect(toNativeJson(id, toScanResult(id)).executables).toEqual([
      {
        path: ['in.bin'],
        format: 'pe',
        machine: 'x86',
        bits: 32,
        endianness: 'little',
        type: 'executable',
        attributes: { dynamic_base: true, high_entropy_va: false, nx_compat: true, gs: false, safeseh: true, cfg: false, force_integrity: false, authenticode: true },
        missing: ['no-gs', 'no-control-flow-guard'],
      },
      { path: ['a.app/a'], format: 'macho', machine: 'arm64', bits: 64, endianness: 'little', type: 'executable', attributes: { arc: true, encrypted: false, code_signature: true }, missing: [] },
    ]);
  });

  it('a restrictive licence found only by an inexact text match is RU; overrides apply', () => {
    const id = identification({
      components: [{ ...component, licenses: ['GPL-3.0-only'] }],
      licenses: [{ path: ['COPYING'], expression: 'GPL-3.0-only', source: 'license-text', score: 0.9, components: ['c1'] }],
    });
    const native = toNativeJson(id, toScanResult(id));
    expect(native.licenses).toEqual([
      {
        name: 'GPL-3.0-only',
        expression: 'GPL-3.0-only',
        policy: 'RU',
        components: [{ uid: 'c1', lib: 'libfoo', version: '1.0' }],
        files: [{ path: ['COPYING'], source: 'license-text', score: 0.9, line: null, policy: 'RU' }],
      },
    ]);
    expect(toNativeJson(id, toScanResult(id), { licensePolicy: { 'GPL-3.0-only': 'PE' } }).licenses[0]?.policy).toBe('PE');
  });

  it('a licence a component declares in its metadata is not an estimate', () => {
    const id = identification({
      components: [{ ...component, licenses: ['GPL-3.0-only'] }],
      licenses: [{ path: ['COPYING'], expression: 'GPL-3.0-only', source: 'license-text', score: 0.9 }],
    });
    expect(toNativeJson(id, toScanResult(id)).licenses[0]?.policy).toBe('RE');
  });

  it.each([
    ['highEntropyVa', 'high_entropy_va'],
    ['cetIbt', 'cet_ibt'],
    ['nx', 'nx'],
  ])('snakeCase(%s) = %s', (name, snake) => {
    expect(snakeCase(name)).toBe(snake);
  });
});
