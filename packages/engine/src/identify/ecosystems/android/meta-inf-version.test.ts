import { describe, expect, it } from 'vitest';
import { androidMetaInfVersion } from './meta-inf-version.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fuzzCataloger } from '../../test-fixtures.ts';

const APK = 'app-release.apk';
const file = (inner: string, content: string) => ({ ...memoryFile([APK, inner], content), innerPath: inner });

describe('android/meta-inf-version', () => {
  it('matches version files at the top of an archive only', () => {
    const cases: [string[], string][] = [[[APK, 'META-INF/androidx.core_core.version'], 'META-INF/androidx.core_core.version'], [[], 'META-INF/androidx.core_core.version'], [[APK, 'assets/META-INF/x_y.version'], 'assets/META-INF/x_y.version']];
    expect(cases.map(([p, i]) => androidMetaInfVersion.matches(p, i, undefined))).toEqual([true, false, false]);
  });

  it('group_artifact names become Maven coordinates; kotlinx modules get their group', async () => {
    const found = [];
    for (const [inner, content] of [['META-INF/androidx.core_core.version', '1.12.0\n'], ['META-INF/androidx.lifecycle_lifecycle-runtime.version', '2.6.1\n'], ['META-INF/kotlinx_coroutines_core.version', '1.7.3\n']] as const) {
      const { components, problems } = await androidMetaInfVersion.catalog(file(inner, content));
      expect(problems).toEqual([]);
      found.push(...components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.evidence]));
    }
    expect(found).toEqual([
      ['core', '1.12.0', 'JA', 'androidx.core', 'pkg:maven/androidx.core/core@1.12.0', [{ method: 'package-metadata', foundBy: 'android/meta-inf-version', path: [APK, 'META-INF/androidx.core_core.version'], text: 'META-INF/androidx.core_core.version: 1.12.0' }]],
      ['lifecycle-runtime', '2.6.1', 'JA', 'androidx.lifecycle', 'pkg:maven/androidx.lifecycle/lifecycle-runtime@2.6.1', [{ method: 'package-metadata', foundBy: 'android/meta-inf-version', path: [APK, 'META-INF/androidx.lifecycle_lifecycle-runtime.version'], text: 'META-INF/androidx.lifecycle_lifecycle-runtime.version: 2.6.1' }]],
      ['kotlinx-coroutines-core', '1.7.3', 'JA', 'org.jetbrains.kotlinx', 'pkg:maven/org.jetbrains.kotlinx/kotlinx-coroutines-core@1.7.3', [{ method: 'package-metadata', foundBy: 'android/meta-inf-version', path: [APK, 'META-INF/kotlinx_coroutines_core.version'], text: 'META-INF/kotlinx_coroutines_core.version: 1.7.3' }]],
    ]);
  });

  it('an empty or garbled version file is a located problem; unrelated .version files are ignored', async () => {
    const empty = await androidMetaInfVersion.catalog(file('META-INF/androidx.fragment_fragment.version', ''));
    expect(empty.components).toEqual([]);
    expect(empty.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', [APK, 'META-INF/androidx.fragment_fragment.version'], 'no version in ""']]);
    const big = await androidMetaInfVersion.catalog(file('META-INF/androidx.core_core.version', 'x'.repeat(300)));
    expect(big.problems.map((p) => p.message)).toEqual(['version file of 300 bytes holds more than a version']);
    expect(await androidMetaInfVersion.catalog(file('META-INF/build.version', '7\n'))).toEqual({ components: [], problems: [] });
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(androidMetaInfVersion, [APK, 'META-INF/androidx.core_core.version'], Buffer.from('1.12.0\n'), 100, (f) => ({ ...f, innerPath: 'META-INF/androidx.core_core.version' }));
  });
});
