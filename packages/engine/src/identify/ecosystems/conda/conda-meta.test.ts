import { describe, expect, it } from 'vitest';
import { condaMeta } from './conda-meta.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fuzzCataloger } from '../../test-fixtures.ts';

// As conda 23 writes a record on install (hashes shortened, paths_data left out).
const ZLIB = {
  build: 'h5eee18b_0',
  build_number: 0,
  channel: 'https://repo.anaconda.com/pkgs/main/linux-64',
  constrains: [],
  depends: ['libgcc-ng >=11.2.0'],
  extracted_package_dir: '/opt/conda/pkgs/zlib-1.2.13-h5eee18b_0',
  features: '',
  files: ['include/zconf.h', 'include/zlib.h', 'lib/libz.so.1.2.13'],
  fn: 'zlib-1.2.13-h5eee18b_0.conda',
  license: 'Zlib',
  link: { source: '/opt/conda/pkgs/zlib-1.2.13-h5eee18b_0', type: 1 },
  md5: '9a6b3ab5e2bcd6d0a8e8a3d6c4d05fbb',
  name: 'zlib',
  requested_spec: 'None',
  size: 105103,
  subdir: 'linux-64',
  timestamp: 1680111111000,
  track_features: '',
  url: 'https://repo.anaconda.com/pkgs/main/linux-64/zlib-1.2.13-h5eee18b_0.conda',
  version: '1.2.13',
};
const SIX = { ...ZLIB, name: 'six', version: '1.16.0', build: 'pyhd8ed1ab_0', channel: 'conda-forge', subdir: 'noarch', fn: 'six-1.16.0-pyhd8ed1ab_0.tar.bz2', license: 'MIT', files: [] };
const PATH = 'opt/conda/conda-meta/zlib-1.2.13-h5eee18b_0.json';
const run = (doc: unknown, path = PATH) => condaMeta.catalog(memoryFile(['img.tar', path], typeof doc === 'string' ? doc : JSON.stringify(doc)));

describe('conda/conda-meta', () => {
  it('matches conda-meta/*.json only', () => {
    expect([PATH, 'conda-meta/six.json', 'conda-meta/history', 'meta/zlib.json'].map((p) => condaMeta.matches([p], p, undefined))).toEqual([true, true, false, false]);
  });

  it('a record: purl with build, channel name, subdir and type; licence; files owned under the prefix', async () => {
    const { components, owned, problems } = await run(ZLIB);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.licenses, c.evidence[0]?.text])).toEqual([
      ['zlib', '1.2.13', 'DP', 'pkg:conda/zlib@1.2.13?build=h5eee18b_0&channel=main&subdir=linux-64&type=conda', ['Zlib'], '"name": "zlib", "version": "1.2.13", "build": "h5eee18b_0"'],
    ]);
    expect(owned?.map((o) => [o.component.name, o.root, o.files])).toEqual([['zlib', 'opt/conda/', ['include/zconf.h', 'include/zlib.h', 'lib/libz.so.1.2.13']]]);
  });

  it('a channel given by name, a .tar.bz2 package, no files', async () => {
    const { components, owned } = await run(SIX, 'conda-meta/six-1.16.0-pyhd8ed1ab_0.json');
    expect(components.map((c) => c.purl)).toEqual(['pkg:conda/six@1.16.0?build=pyhd8ed1ab_0&channel=conda-forge&subdir=noarch&type=tar.bz2']);
    expect(owned).toBeUndefined();
  });

  it('bad JSON and a record without version are problems', async () => {
    expect((await run('{"name":')).problems.map((p) => p.code)).toEqual(['malformed']);
    const partial = await run({ name: 'zlib' });
    expect([partial.components, partial.problems.map((p) => p.message)]).toEqual([[], ['conda-meta record without version']]);
  });

  it('never throws on mutations', async () => {
    await fuzzCataloger(condaMeta, ['img.tar', PATH], Buffer.from(JSON.stringify(ZLIB)), 80);
  });
});
