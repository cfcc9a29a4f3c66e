import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../index.ts';
import type { Component, Evidence } from '../model/index.ts';
import { addArchiveContainment } from './archive-nesting.ts';
import { makeComponent, mergeComponents } from './component.ts';

function maven(group: string, artifact: string, version: string, path: string[], containedIn?: string[]): Component {
  const evidence: Evidence = { method: 'package-metadata', foundBy: 'java/pom-properties', path, text: `${group}:${artifact}:${version}` };
  const c = makeComponent({ name: artifact, version, codetype: 'JA', vendor: group, purl: `pkg:maven/${group}/${artifact}@${version}`, evidence: [evidence] });
  return containedIn ? { ...c, containedIn } : c;
}

// The layout of fixtures/identify/ear-nested-jars: an ear holding a war holding a jar.
const EAR = ['store-3.1.0.ear'];
const WAR = [...EAR, 'web-3.1.0.war'];
const JAR = [...WAR, 'WEB-INF/lib/commons-cli-1.5.0.jar'];
const ear = maven('com.example', 'store', '3.1.0', EAR);
const war = maven('com.example', 'web', '3.1.0', WAR);
const cli = maven('commons-cli', 'commons-cli', '1.5.0', JAR);

describe('containment through Java archives', () => {
  it('each archive is contained in the nearest archive above it', () => {
    const out = addArchiveContainment([ear, war, cli]);
    expect(out.map((c) => [c.name, c.containedIn])).toEqual([
      ['store', undefined],
      ['web', [ear.id]],
      ['commons-cli', [war.id]],
    ]);
  });

  it('a native library packed in a jar is contained in the jar; one outside stays free', () => {
    const hit = (path: string[]) => makeComponent({
      name: 'zlib',
      version: '1.2.13',
      codetype: 'NA',
      vendor: 'zlib',
      purl: 'pkg:generic/zlib@1.2.13',
      evidence: [{ method: 'signature', foundBy: 'signatures/zlib', path, offset: 4, text: 'deflate 1.2.13' }],
    });
    const [, packed] = addArchiveContainment([cli, hit([...JAR, 'native/libz.so.1'])]);
    expect(packed?.containedIn).toEqual([cli.id]);
    const [, free] = addArchiveContainment([cli, hit(['usr/lib/libz.so.1'])]);
    expect(free?.containedIn).toBeUndefined();
  });

  it('bundled artifacts of a shaded jar keep only the shaded jar as parent; the shaded jar gets the war', () => {
    const shadedPath = [...WAR, 'WEB-INF/lib/report-tool-1.0.0.jar'];
    const shaded = maven('com.example', 'report-tool', '1.0.0', shadedPath);
    const bundled = maven('commons-io', 'commons-io', '2.11.0', shadedPath, [shaded.id]);
    const out = addArchiveContainment([war, shaded, bundled]);
    expect(out.map((c) => [c.name, c.containedIn])).toEqual([
      ['web', undefined],
      ['report-tool', [war.id]],
      ['commons-io', [shaded.id]],
    ]);
  });

  it('an archive whose own artifact cannot be told parents nothing, and hides the archives above', () => {
    const other = maven('com.example', 'admin', '3.1.0', WAR);
    const out = addArchiveContainment([ear, war, other, cli]);
    expect(out.map((c) => [c.name, c.containedIn])).toEqual([
      ['store', undefined],
      ['web', [ear.id]],
      ['admin', [ear.id]],
      ['commons-cli', undefined],
    ]);
  });

  it('one artifact in two archives is contained in both, after a distro owner it already had', () => {
    const otherWar = maven('com.example', 'shop', '2.0.0', ['shop-2.0.0.war']);
    const copy = maven('commons-cli', 'commons-cli', '1.5.0', ['shop-2.0.0.war', 'WEB-INF/lib/commons-cli-1.5.0.jar'], ['0000000000000000000000000000000000000000']);
    const merged = addArchiveContainment(mergeComponents([ear, war, cli, otherWar, copy]));
    expect(merged.find((c) => c.name === 'commons-cli')?.containedIn).toEqual(['0000000000000000000000000000000000000000', otherWar.id, war.id].sort());
  });

  it('without Java archives the components come back as they were', () => {
    const plain = makeComponent({ name: 'zlib1g', version: '1:1.2.13.dfsg-1', codetype: 'DP', vendor: 'debian', purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1', evidence: [] });
    const out = addArchiveContainment([plain]);
    expect(out[0]).toBe(plain);
  });
});

describe('containment in a scanned enterprise archive (fixtures/identify/ear-nested-jars)', () => {
  it('ear > war > jar, ear > library jars, and zlib in the native program a jar packs', async () => {
    const input = fileURLToPath(new URL('../../fixtures/identify/ear-nested-jars/store-3.1.0.ear', import.meta.url));
    const { components, problems } = await scan(input);
    expect(problems).toEqual([]);
    const byId = new Map(components.map((c) => [c.id, c]));
    expect(components.map((c) => [c.name, c.version, c.evidence[0]?.path, (c.containedIn ?? []).map((id) => byId.get(id)?.name)])).toEqual([
      ['commons-cli', '1.5.0', ['web-3.1.0.war', 'WEB-INF/lib/commons-cli-1.5.0.jar'], ['web']],
      ['javax.inject', '1.0.0', ['lib/javax.inject-1.jar'], ['store']],
      ['native-codec', '1.0.0', ['lib/native-codec-1.0.0.jar'], ['store']],
      ['store', '3.1.0', [], []],
      ['web', '3.1.0', ['web-3.1.0.war'], ['store']],
      ['zlib', '1.2.13', ['lib/native-codec-1.0.0.jar', 'native/linux-x86_64/codec'], ['native-codec']],
    ]);
  });
});
