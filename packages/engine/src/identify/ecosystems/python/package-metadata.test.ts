import { describe, expect, it } from 'vitest';
import { pythonPackageMetadata } from './package-metadata.ts';
import { memoryFile } from '../../test-helpers.ts';

const run = async (text: string) => pythonPackageMetadata.catalog(memoryFile(['site-packages/x.dist-info/METADATA'], text));

// The head of requests 2.31.0's METADATA (Metadata-Version 2.1).
const REQUESTS = `Metadata-Version: 2.1
Name: requests
Version: 2.31.0
Summary: Python HTTP for Humans.
Home-page: https://requests.readthedocs.io
Author: Kenneth Reitz
Author-email: me@kennethreitz.org
License: Apache 2.0
Project-URL: Source, https://github.com/psf/requests
Classifier: License :: OSI Approved :: Apache Software License
Requires-Python: >=3.7
Description-Content-Type: text/markdown
License-File: LICENSE
Requires-Dist: charset-normalizer (<4,>=2)

# Requests
License: not-a-header
`;

describe('python/package-metadata', () => {
  it('matches dist-info, egg-info and EGG-INFO metadata', () => {
    const paths = ['a/requests-2.31.0.dist-info/METADATA', 'six.egg-info/PKG-INFO', 'dist-packages/pyserial-3.5.egg-info', 'EGG-INFO/PKG-INFO', 'a/METADATA', 'x.dist-info/RECORD'];
    expect(paths.map((p) => pythonPackageMetadata.matches([p], p, undefined))).toEqual([true, true, true, true, false, false]);
  });

  it.each([
    [REQUESTS, 'requests', '2.31.0', 'pkg:pypi/requests@2.31.0', ['Apache 2.0']],
    ['Metadata-Version: 2.4\nName: Typing_Extensions\nVersion: 4.12.2\nLicense-Expression: PSF-2.0\n', 'Typing_Extensions', '4.12.2', 'pkg:pypi/typing-extensions@4.12.2', ['PSF-2.0']],
    ['Metadata-Version: 1.1\nName: six\nVersion: 1.16.0\nLicense: UNKNOWN\nClassifier: License :: OSI Approved :: MIT License\n', 'six', '1.16.0', 'pkg:pypi/six@1.16.0', ['MIT License']],
  ])('%#', async (text, name, version, purl, licenses) => {
    const { components, problems } = await run(text);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.licenses])).toEqual([[name, version, 'PY', purl, licenses]]);
  });

  it('metadata without a version is a problem', async () => {
    const { components, problems } = await run('Metadata-Version: 2.1\nName: broken\n');
    expect(components).toEqual([]);
    expect(problems.map((p) => [p.code, p.message])).toEqual([['malformed', 'core metadata without Version']]);
  });
});
