import { describe, expect, it } from 'vitest';
import { cyclonedxJson } from './cyclonedx-json.ts';
import { cyclonedxXml } from './cyclonedx-xml.ts';
import { spdxJson } from './spdx-json.ts';
import { spdxTagValue } from './spdx-tag-value.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fuzzCataloger } from '../../test-fixtures.ts';

// A CycloneDX 1.5 BOM as cdxgen/syft write one (trimmed): a subject, npm, maven and a nested component, a file entry.
const CDX = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
  version: 1,
  metadata: { timestamp: '2024-02-01T10:00:00Z', component: { type: 'application', name: 'shop', version: '2.0.0', 'bom-ref': 'shop' } },
  components: [
    { type: 'library', 'bom-ref': 'pkg:npm/%40babel/core@7.23.9', group: '@babel', name: 'core', version: '7.23.9', purl: 'pkg:npm/%40babel/core@7.23.9', licenses: [{ license: { id: 'MIT' } }] },
    {
      type: 'library',
      'bom-ref': 'pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar',
      group: 'org.apache.commons',
      name: 'commons-lang3',
      version: '3.14.0',
      purl: 'pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar',
      cpe: 'cpe:2.3:a:apache:commons_lang:3.14.0:*:*:*:*:*:*:*',
      licenses: [{ expression: 'Apache-2.0' }],
      components: [{ type: 'library', name: 'shaded-util', version: '1.0' }],
    },
    { type: 'file', name: 'app.js', hashes: [] },
    { type: 'library', version: '1' },
  ],
};
// An SPDX 2.3 JSON document as syft writes one (trimmed): an OS entry, an apk package, a package without purl.
const SPDX = {
  spdxVersion: 'SPDX-2.3',
  dataLicense: 'CC0-1.0',
  SPDXID: 'SPDXRef-DOCUMENT',
  name: 'alpine-3.19',
  documentNamespace: 'https://anchore.com/syft/image/alpine-3.19-5b2a1a6e',
  creationInfo: { created: '2024-02-01T10:00:00Z', creators: ['Tool: syft-0.104.0'] },
  packages: [
    { name: 'alpine', SPDXID: 'SPDXRef-OperatingSystem-alpine', versionInfo: '3.19.1', primaryPackagePurpose: 'OPERATING-SYSTEM', downloadLocation: 'NOASSERTION' },
    {
      name: 'musl',
      SPDXID: 'SPDXRef-Package-apk-musl-1c1e0d',
      versionInfo: '1.2.4_git20230717-r4',
      supplier: 'Person: Natanael Copa <ncopa@alpinelinux.org>',
      downloadLocation: 'https://musl.libc.org/',
      licenseConcluded: 'NOASSERTION',
      licenseDeclared: 'MIT',
      externalRefs: [
        { referenceCategory: 'SECURITY', referenceType: 'cpe23Type', referenceLocator: 'cpe:2.3:a:musl-libc:musl:1.2.4_git20230717-r4:*:*:*:*:*:*:*' },
        { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:apk/alpine/musl@1.2.4_git20230717-r4?arch=x86_64&distro=alpine-3.19.1' },
      ],
    },
    { name: 'vendored-thing', SPDXID: 'SPDXRef-Package-x', versionInfo: '0.9', licenseConcluded: 'BSD-3-Clause', licenseDeclared: 'NOASSERTION' },
    { SPDXID: 'SPDXRef-nameless' },
  ],
};
// The same packages as SPDX 2.3 tag-value, as the SPDX tools write it.
const TAG_VALUE = `SPDXVersion: SPDX-2.3
DataLicense: CC0-1.0
SPDXID: SPDXRef-DOCUMENT
DocumentName: alpine-3.19
DocumentNamespace: https://anchore.com/syft/image/alpine-3.19-5b2a1a6e
Creator: Tool: syft-0.104.0
Created: 2024-02-01T10:00:00Z

##### Package: musl

PackageName: musl
SPDXID: SPDXRef-Package-apk-musl-1c1e0d
PackageVersion: 1.2.4_git20230717-r4
PackageSupplier: Person: Natanael Copa <ncopa@alpinelinux.org>
PackageDownloadLocation: https://musl.libc.org/
FilesAnalyzed: false
PackageLicenseConcluded: NOASSERTION
PackageLicenseDeclared: MIT
PackageCopyrightText: <text>Copyright 2005-2020 Rich Felker
PackageName: not a tag inside text</text>
ExternalRef: SECURITY cpe23Type cpe:2.3:a:musl-libc:musl:1.2.4_git20230717-r4:*:*:*:*:*:*:*
ExternalRef: PACKAGE-MANAGER purl pkg:apk/alpine/musl@1.2.4_git20230717-r4?arch=x86_64&distro=alpine-3.19.1

##### File: lib/ld-musl-x86_64.so.1

FileName: ./lib/ld-musl-x86_64.so.1
SPDXID: SPDXRef-File-1
FileChecksum: SHA1: 0123456789abcdef0123456789abcdef01234567
LicenseConcluded: NOASSERTION

##### Package: vendored-thing

PackageName: vendored-thing
SPDXID: SPDXRef-Package-x
PackageVersion: 0.9
PackageLicenseConcluded: BSD-3-Clause
PackageLicenseDeclared: NOASSERTION
`;

const rows = (cs: { name: string; version: string; codetype: string; vendor: string; purl: string; cpes: string[]; licenses: string[] }[]) => cs.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.cpes, c.licenses]);

describe('embedded-sbom/cyclonedx-json', () => {
  it('matches CycloneDX file names', () => {
    const paths = ['bom.json', 'app/sbom.json', 'x/app.cdx.json', 'a.bom.json', 'b.cyclonedx.json', 'package.json', 'sbom.spdx.json'];
    expect(paths.map((p) => cyclonedxJson.matches([p], p, undefined))).toEqual([true, true, true, true, true, false, false]);
  });

  it('every component, nested too, with its purl, CPE and licences; files and the subject left out; a nameless one is a problem', async () => {
    const { components, problems } = await cyclonedxJson.catalog(memoryFile(['img.tar', 'app/bom.json'], JSON.stringify(CDX)));
    expect(rows(components)).toEqual([
      ['@babel/core', '7.23.9', 'JS', '', 'pkg:npm/%40babel/core@7.23.9', [], ['MIT']],
      ['commons-lang3', '3.14.0', 'JA', 'org.apache.commons', 'pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar', ['cpe:2.3:a:apache:commons_lang:3.14.0:*:*:*:*:*:*:*'], ['Apache-2.0']],
      ['shaded-util', '1.0', 'NA', '', 'pkg:generic/shaded-util@1.0', [], []],
    ]);
    expect(components[0]?.evidence).toEqual([
      { method: 'package-metadata', foundBy: 'embedded-sbom/cyclonedx-json', path: ['img.tar', 'app/bom.json'], text: 'pkg:npm/%40babel/core@7.23.9 7.23.9 (BOM urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79)' },
    ]);
    expect(problems.map((p) => p.message)).toEqual(['a component without a name (no bom-ref)']);
  });

  it('a generic bom.json of another format is left alone; a .cdx.json that is not CycloneDX is a problem', async () => {
    expect(await cyclonedxJson.catalog(memoryFile(['bom.json'], JSON.stringify(SPDX)))).toEqual({ components: [], problems: [] });
    expect((await cyclonedxJson.catalog(memoryFile(['a.cdx.json'], '{"x":1}'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });

  it('mutations never throw', async () => {
    await fuzzCataloger(cyclonedxJson, ['a.cdx.json'], Buffer.from(JSON.stringify(CDX)), 60);
  });
});

describe('embedded-sbom/spdx-json', () => {
  it('matches SPDX JSON file names', () => {
    const paths = ['sbom.spdx.json', 'var/lib/db/sbom/busybox-1.36.1-r15.spdx.json', 'bom.json', 'x.spdx', 'spdx.json'];
    expect(paths.map((p) => spdxJson.matches([p], p, undefined))).toEqual([true, true, true, false, false]);
  });

  it('packages with purl, CPE, declared or else concluded licence; the OS entry left out; a nameless one is a problem', async () => {
    const { components, problems } = await spdxJson.catalog(memoryFile(['img.tar', 'sbom.spdx.json'], JSON.stringify(SPDX)));
    expect(rows(components)).toEqual([
      ['musl', '1.2.4_git20230717-r4', 'DP', '', 'pkg:apk/alpine/musl@1.2.4_git20230717-r4?arch=x86_64&distro=alpine-3.19.1', ['cpe:2.3:a:musl-libc:musl:1.2.4_git20230717-r4:*:*:*:*:*:*:*'], ['MIT']],
      ['vendored-thing', '0.9', 'NA', '', 'pkg:generic/vendored-thing@0.9', [], ['BSD-3-Clause']],
    ]);
    expect(components[0]?.evidence[0]?.text).toBe('SPDXRef-Package-apk-musl-1c1e0d: musl 1.2.4_git20230717-r4 (SPDX document "alpine-3.19")');
    expect(problems.map((p) => p.message)).toEqual(['packages[3] without a name']);
  });

  it('a CycloneDX bom.json is left alone; a broken .spdx.json is a problem; mutations never throw', async () => {
    expect(await spdxJson.catalog(memoryFile(['bom.json'], JSON.stringify(CDX)))).toEqual({ components: [], problems: [] });
    expect((await spdxJson.catalog(memoryFile(['a.spdx.json'], '{'))).problems.map((p) => p.code)).toEqual(['malformed']);
    await fuzzCataloger(spdxJson, ['a.spdx.json'], Buffer.from(JSON.stringify(SPDX)), 60);
  });
});

describe('embedded-sbom/spdx-tag-value', () => {
  it('matches .spdx files but not Bitnami JSON ones', () => {
    const paths = ['sbom.spdx', 'usr/share/doc/app/app-1.2.spdx', 'opt/bitnami/redis/.spdx-redis.spdx', 'a.spdx.json'];
    expect(paths.map((p) => spdxTagValue.matches([p], p, undefined))).toEqual([true, true, false, false]);
  });

  it('packages between PackageName lines, <text> spanning lines, file elements not packages', async () => {
    const { components, problems } = await spdxTagValue.catalog(memoryFile(['sbom.spdx'], TAG_VALUE));
    expect(problems).toEqual([]);
    expect(rows(components)).toEqual([
      ['musl', '1.2.4_git20230717-r4', 'DP', '', 'pkg:apk/alpine/musl@1.2.4_git20230717-r4?arch=x86_64&distro=alpine-3.19.1', ['cpe:2.3:a:musl-libc:musl:1.2.4_git20230717-r4:*:*:*:*:*:*:*'], ['MIT']],
      ['vendored-thing', '0.9', 'NA', '', 'pkg:generic/vendored-thing@0.9', [], ['BSD-3-Clause']],
    ]);
    expect(components.map((c) => c.evidence[0]?.offset)).toEqual([TAG_VALUE.indexOf('PackageName: musl'), TAG_VALUE.indexOf('PackageName: vendored-thing')]);
  });

  it('not tag-value is a problem; mutations never throw', async () => {
    expect((await spdxTagValue.catalog(memoryFile(['x.spdx'], '{"spdxVersion": "SPDX-2.3"}'))).problems.map((p) => p.code)).toEqual(['malformed']);
    await fuzzCataloger(spdxTagValue, ['x.spdx'], Buffer.from(TAG_VALUE), 60);
  });
});

// The BOM above as CycloneDX 1.5 XML, as the CycloneDX Maven plugin writes it.
const CDX_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.5" serialNumber="urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79" version="1">
  <metadata>
    <component type="application" bom-ref="shop">
      <name>shop</name>
      <version>2.0.0</version>
    </component>
  </metadata>
  <components>
    <component type="library" bom-ref="pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar">
      <group>org.apache.commons</group>
      <name>commons-lang3</name>
      <version>3.14.0</version>
      <!-- a comment <name>not this</name> -->
      <licenses>
        <license>
          <id>Apache-2.0</id>
        </license>
      </licenses>
      <cpe>cpe:2.3:a:apache:commons_lang:3.14.0:*:*:*:*:*:*:*</cpe>
      <purl>pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar</purl>
      <components>
        <component type="library">
          <name><![CDATA[shaded-util]]></name>
          <version>1.0</version>
          <purl>pkg:generic/shaded-util@1.0?download_url=https://x.example/a&amp;b</purl>
        </component>
      </components>
    </component>
    <component type="file">
      <name>app.jar</name>
    </component>
    <component type="library" bom-ref="nameless"><version>1</version></component>
  </components>
</bom>
`;

describe('embedded-sbom/cyclonedx-xml', () => {
  it('matches CycloneDX XML file names', () => {
    expect(['bom.xml', 'a/sbom.cdx.xml', 'x.cyclonedx.xml', 'pom.xml'].map((p) => cyclonedxXml.matches([p], p, undefined))).toEqual([true, true, true, false]);
  });

  it('components, nested too, with text, CDATA and entities; the subject and files left out', async () => {
    const { components, problems } = await cyclonedxXml.catalog(memoryFile(['app.jar', 'META-INF/sbom/bom.xml'], CDX_XML));
    expect(rows(components)).toEqual([
      ['shaded-util', '1.0', 'NA', '', 'pkg:generic/shaded-util@1.0?download_url=https://x.example/a&b', [], []],
      ['commons-lang3', '3.14.0', 'JA', 'org.apache.commons', 'pkg:maven/org.apache.commons/commons-lang3@3.14.0?type=jar', ['cpe:2.3:a:apache:commons_lang:3.14.0:*:*:*:*:*:*:*'], ['Apache-2.0']],
    ]);
    expect(problems.map((p) => p.message)).toEqual(['a component without a name (nameless)']);
  });

  it('a .cdx.xml that is not CycloneDX is a problem; mutations never throw', async () => {
    expect((await cyclonedxXml.catalog(memoryFile(['a.cdx.xml'], '<project/>'))).problems.map((p) => p.code)).toEqual(['malformed']);
    expect(await cyclonedxXml.catalog(memoryFile(['bom.xml'], '<project/>'))).toEqual({ components: [], problems: [] });
    await fuzzCataloger(cyclonedxXml, ['a.cdx.xml'], Buffer.from(CDX_XML), 60);
  });
});
