import { describe, expect, it } from 'vitest';
import { nixStorePath, parseDrvName } from './store-path.ts';
import { memoryFile } from '../../test-helpers.ts';
import { mergeComponents } from '../../component.ts';

const OPENSSL_BIN = 'nix/store/0c7hd1f2m3dv0jpqp6ld3a1wsyrfyb4y-openssl-3.0.12-bin';
const run = (inner: string) => nixStorePath.catalog(memoryFile(['image.tar', inner], ''));

describe('nix/store-path', () => {
  it('matches files inside store paths (Nix base-32 hashes) only', () => {
    const paths = [`${OPENSSL_BIN}/bin/openssl`, 'nix/store/5z1lsbbdc9s6azx6g0hx0j7hvq6f4h5i-hello-2.12.1/bin/hello', 'nix/store/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee-x-1/a', 'nix/store/0c7hd1f2m3dv0jpqp6ld3a1wsyrfyb4y-single-1.0', 'usr/bin/x'];
    expect(paths.map((p) => nixStorePath.matches([p], p, undefined))).toEqual([true, true, false, false, false]);
  });

  it.each([
    ['hello-2.12.1', 'hello', '2.12.1'],
    ['python3.11-requests-2.31.0', 'python3.11-requests', '2.31.0'],
    ['glibc-2.38-44', 'glibc', '2.38-44'],
    ['xz-5.4.4-bin', 'xz', '5.4.4-bin'],
    ['source', 'source', ''],
    ['nixos-system-nixos-23.11pre', 'nixos-system-nixos', '23.11pre'],
  ])('parseDrvName(%s)', (input, name, version) => {
    expect(parseDrvName(input)).toEqual({ name, version });
  });

  it('a store path: output in the purl, evidence at the store path, the file owned', async () => {
    const { components, owned, problems } = await run(`${OPENSSL_BIN}/bin/openssl`);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.evidence])).toEqual([
      ['openssl', '3.0.12', 'DP', 'pkg:generic/nix/openssl@3.0.12?output=bin', [{ method: 'package-metadata', foundBy: 'nix/store-path', path: ['image.tar', OPENSSL_BIN], text: `/${OPENSSL_BIN}` }]],
    ]);
    expect(owned?.map((o) => [o.root, o.files])).toEqual([['', [`${OPENSSL_BIN}/bin/openssl`]]]);
  });

  it('the files of one store path merge into one component with one evidence', async () => {
    const found = [...(await run(`${OPENSSL_BIN}/bin/openssl`)).components, ...(await run(`${OPENSSL_BIN}/bin/c_rehash`)).components];
    expect(mergeComponents(found).map((c) => [c.name, c.evidence.length])).toEqual([['openssl', 1]]);
  });

  it('store paths without a version and derivations are not packages', async () => {
    expect((await run('nix/store/0c7hd1f2m3dv0jpqp6ld3a1wsyrfyb4y-source/README')).components).toEqual([]);
    expect((await run('nix/store/0c7hd1f2m3dv0jpqp6ld3a1wsyrfyb4y-hello-2.12.1.drv/x')).components).toEqual([]);
  });
});
