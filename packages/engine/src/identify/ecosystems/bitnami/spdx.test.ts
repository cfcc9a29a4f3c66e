import { describe, expect, it } from 'vitest';
import { bitnamiSpdx } from './spdx.ts';
import { memoryFile } from '../../test-helpers.ts';

// As Bitnami's redis 7.2 image ships opt/bitnami/redis/.spdx-redis.spdx (JSON; trimmed).
const REDIS = JSON.stringify({
  SPDXID: 'SPDXRef-DOCUMENT',
  spdxVersion: 'SPDX-2.3',
  creationInfo: { created: '2024-01-10T12:00:00.000Z', creators: ['Tool: Bitnami'] },
  name: 'SPDX document for redis 7.2.4',
  dataLicense: 'CC0-1.0',
  documentNamespace: 'redis-7.2.4',
  packages: [
    {
      name: 'redis',
      versionInfo: '7.2.4',
      SPDXID: 'SPDXRef-redis',
      downloadLocation: 'https://download.redis.io/releases/redis-7.2.4.tar.gz',
      licenseConcluded: 'BSD-3-Clause',
      licenseDeclared: 'BSD-3-Clause',
      filesAnalyzed: false,
      externalRefs: [
        { referenceCategory: 'SECURITY', referenceType: 'cpe23Type', referenceLocator: 'cpe:2.3:*:redis:redis:7.2.4:*:*:*:*:*:*:*' },
        { referenceCategory: 'PACKAGE_MANAGER', referenceType: 'purl', referenceLocator: 'pkg:bitnami/redis@7.2.4?arch=amd64&distro=debian-11' },
      ],
    },
  ],
  relationships: [{ spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: 'SPDXRef-redis' }],
});
const PATH = 'opt/bitnami/redis/.spdx-redis.spdx';

describe('bitnami/spdx', () => {
  it('matches .spdx-<app>.spdx in its app directory only', () => {
    expect([PATH, 'opt/bitnami/redis/.spdx-other.spdx', 'opt/bitnami/.spdx-redis.spdx', 'sbom.spdx'].map((p) => bitnamiSpdx.matches([p], p, undefined))).toEqual([true, false, false, false]);
  });

  it('the asset with its bitnami purl, CPE and licence', async () => {
    const { components, problems } = await bitnamiSpdx.catalog(memoryFile(['img.tar', PATH], REDIS));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.cpes, c.licenses, c.evidence[0]?.foundBy])).toEqual([
      ['redis', '7.2.4', 'DP', 'pkg:bitnami/redis@7.2.4?arch=amd64&distro=debian-11', ['cpe:2.3:*:redis:redis:7.2.4:*:*:*:*:*:*:*'], ['BSD-3-Clause'], 'bitnami/spdx'],
    ]);
  });

  it('a broken file is a problem', async () => {
    expect((await bitnamiSpdx.catalog(memoryFile([PATH], 'SPDXVersion: SPDX-2.3\n'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
