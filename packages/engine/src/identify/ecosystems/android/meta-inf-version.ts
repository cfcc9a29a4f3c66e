// Jetpack (AndroidX) and Material libraries ship a java resource
// `META-INF/<groupId>_<artifactId>.version` holding their version (one line), and
// Android Gradle Plugin merges those into the APK's META-INF: an APK keeps the exact
// versions of its AndroidX dependencies after R8 has renamed every class. kotlinx
// libraries write `META-INF/kotlinx_<module>.version` (no group in the name).
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'android/meta-inf-version';
// Samples: `META-INF/androidx.core_core.version`, `META-INF/kotlinx_coroutines_core.version`.
const VERSION_FILE = /^META-INF\/([^/]+)\.version$/;
// `<group with dots>_<artifact>`: `androidx.lifecycle_lifecycle-runtime`, `com.google.android.material_material`.
const GROUP_ARTIFACT = /^([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)_([\w.-]+)$/;
// kotlinx module files: `kotlinx_coroutines_core` → org.jetbrains.kotlinx:kotlinx-coroutines-core.
const KOTLINX = /^kotlinx_([a-z0-9_]+)$/;
// A Maven version on its own line: `1.12.0`, `1.0.0-alpha01`, `2.6.1`.
const VERSION = /^\d[\w.+-]*$/;
/** Real files are one short line; anything longer is not one of these. */
const MAX_SIZE = 256;

export const androidMetaInfVersion: Cataloger = {
  name: NAME,
  version: 1,
  // At the top of an archive (APK, AAR, JAR) only.
  matches: (path, innerPath) => path.length >= 1 && VERSION_FILE.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const coordinates = mavenCoordinates(VERSION_FILE.exec(file.innerPath)?.[1] ?? '');
  // Other `.version` files (`META-INF/app.version` of some build tool) name no Maven artifact.
  if (coordinates === undefined) return result;
  if (file.size > MAX_SIZE) {
    malformed(result, file.path, `version file of ${file.size} bytes holds more than a version`);
    return result;
  }
  const version = (await file.read()).toString('utf8').trim();
  if (!VERSION.test(version)) {
    malformed(result, file.path, `no version in ${JSON.stringify(version.slice(0, 40))}`);
    return result;
  }
  const { group, artifact } = coordinates;
  result.components.push(
    makeComponent({
      name: artifact,
      version,
      codetype: 'JA',
      vendor: group,
      purl: formatPurl({ type: 'maven', namespace: group, name: artifact, version }),
      evidence: [metadataEvidence(NAME, file.path, `${file.innerPath}: ${version}`)],
    }),
  );
  return result;
}

function mavenCoordinates(base: string): { group: string; artifact: string } | undefined {
  const kotlinx = KOTLINX.exec(base);
  if (kotlinx) return { group: 'org.jetbrains.kotlinx', artifact: `kotlinx-${(kotlinx[1] ?? '').replaceAll('_', '-')}` };
  const match = GROUP_ARTIFACT.exec(base);
  return match ? { group: match[1] ?? '', artifact: match[2] ?? '' } : undefined;
}
