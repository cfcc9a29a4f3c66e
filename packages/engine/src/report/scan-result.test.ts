import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../pipeline.ts';
import { exeFlags, toScanResult } from './scan-result.ts';

const DEB = fileURLToPath(new URL('../../fixtures/unpack/deb-xz/binlens-hello_1.0.0-1_amd64.deb', import.meta.url));
const ROOTFS = fileURLToPath(new URL('../../fixtures/identify/rootfs-debian/rootfs.tar', import.meta.url));

describe('toScanResult', () => {
  it('maps the .deb fixture to the spec §3 shape', async () => {
    const result = toScanResult(await scan(DEB));
    expect(result).toEqual({
      components: [
        {
          uid: '25405aa10f34d1c8bb82bc0100c715cf6dcbb691',
          lib: 'binlens-hello',
          version: '1.0.0-1',
          custom_version: null,
          codetype: 'DP',
          vendorlib: 'binlens-hello',
          vendor: 'debian',
          distro: null,
          component_id: null,
          purl: 'pkg:deb/debian/binlens-hello@1.0.0-1?arch=amd64',
          cpes: [],
          objects: [
            {
              sha1: 'c2d049bd95777e24fa7d98917c240043f2ec98c5',
              exe_flags: [],
              matching_methods: ['package-metadata'],
              extended_fullpath: ['binlens-hello_1.0.0-1_amd64.deb'],
              docker: null,
            },
          ],
          vulns: [],
          ignored_component_ids: [],
          license: [],
          license_overrides: [],
          name_override: null,
          tags: [],
        },
        expect.objectContaining({
          lib: 'left-pad',
          version: '1.3.0',
          codetype: 'JS',
          purl: 'pkg:npm/left-pad@1.3.0',
          license: ['WTFPL'],
          objects: [
            {
              sha1: '14dc5e9339e47c0d96118c4ea5facd245a24c221',
              exe_flags: [],
              matching_methods: ['package-metadata'],
              extended_fullpath: ['data.tar.xz', 'data.tar', 'usr/lib/node_modules/left-pad/package.json'],
              docker: null,
            },
          ],
        }),
      ],
      licenses: [{ name: 'WTFPL' }],
      'docker-images': [],
    });
  });

  it('distro as name:release, components sorted by lib then version', async () => {
    const result = toScanResult(await scan(ROOTFS));
    expect(result.components.map((c) => [c.lib, c.version, c.distro, c.objects[0]?.extended_fullpath])).toEqual([
      ['base-files', '12.4+deb12u5', 'debian:12', ['var/lib/dpkg/status']],
      ['libc6', '2.36-9+deb12u7', 'debian:12', ['var/lib/dpkg/status']],
      ['zlib1g', '1:1.2.13.dfsg-1', 'debian:12', ['var/lib/dpkg/status']],
    ]);
  });

  it('exe_flags of an executable evidence file', () => {
    const path = ['bin/tool'];
    const result = toScanResult({
      schemaVersion: 1,
      input: { name: 'in', size: 1, sha1: 'a', sha256: 'b' },
      files: [{ path, size: 1, sha1: 'f1', sha256: 'f2', executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', nx: true, pie: true } }],
      components: [
        { id: 'i', name: 'tool', version: '1', codetype: 'NA', vendor: '', purl: '', cpes: [], licenses: ['MIT', 'Apache-2.0'], evidence: [{ method: 'signature', foundBy: 's', path }] },
      ],
      problems: [],
      startedAt: '',
      finishedAt: '',
    });
    expect(result.components[0]?.objects).toEqual([{ sha1: 'f1', exe_flags: ['nx', 'pie'], matching_methods: ['signature'], extended_fullpath: ['bin/tool'], docker: null }]);
    expect(result.licenses).toEqual([{ name: 'Apache-2.0' }, { name: 'MIT' }]);
  });

  it.each([
    [{ nx: true, pie: false, relro: 'full', canary: true, fortify: true, stripped: false, cetIbt: true, cetShstk: false }, ['nx', 'full_relro', 'canary', 'fortify', 'cet_ibt']],
    [{ nx: false, relro: 'partial', stripped: true }, ['partial_relro', 'stripped']],
    [{ relro: 'none', dynamicBase: true, highEntropyVa: true, nxCompat: true, gs: true, cfg: false, authenticode: true }, ['dynamic_base', 'high_entropy_va', 'nx_compat', 'gs', 'authenticode']],
  ] as const)('exeFlags(%o) = %o', (attributes, flags) => {
    expect(exeFlags({ path: [], size: 1, sha1: '', sha256: '', executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', ...attributes } })).toEqual(flags);
  });
});
