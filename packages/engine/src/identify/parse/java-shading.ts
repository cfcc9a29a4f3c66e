// Shaded ("uber") jars: maven-shade copies every bundled artifact's
// `META-INF/maven/<g>/<a>/pom.properties` into the one jar. Which of them is the
// jar's own artifact decides the parent of the others (`containedIn`).
import type { CatalogFile } from '../types.ts';
import { archiveFileName, parseManifest, parseProperties, splitArchiveName } from './java-archive.ts';

export interface MavenCoordinates {
  groupId: string;
  artifactId: string;
  version: string;
}

/** groupId, artifactId and version of a pom.properties text; undefined when one is missing. */
export function mavenCoordinates(text: string): MavenCoordinates | undefined {
  const props = parseProperties(text);
  const groupId = props.get('groupId') ?? '';
  const artifactId = props.get('artifactId') ?? '';
  const version = props.get('version') ?? '';
  return groupId === '' || artifactId === '' || version === '' ? undefined : { groupId, artifactId, version };
}

/**
 * The jar's own coordinates when it holds several pom.properties and exactly one of them
 * is its own: the artifact its file name names (`report-tool-1.0.0.jar`), else the one
 * its manifest names (Bundle-SymbolicName `g.a` or `a`, Implementation-Title `a`), told
 * apart by the `META-INF/maven/<group>/<artifact>/` folder names.
 * Undefined for a jar with one artifact, or when the owner cannot be told.
 */
export async function shadingOwner(file: CatalogFile): Promise<MavenCoordinates | undefined> {
  const fileName = archiveFileName(file);
  if (fileName === undefined) return undefined;
  // Sample: `META-INF/maven/commons-io/commons-io/pom.properties` → group and artifact folders.
  const poms = file.listSiblings('META-INF/maven/').flatMap((p) => {
    const m = /^META-INF\/maven\/([^/]+)\/([^/]+)\/pom\.properties$/.exec(p);
    return m ? [{ path: p, group: m[1] ?? '', artifact: m[2] ?? '' }] : [];
  });
  if (poms.length < 2) return undefined;
  // Only the candidates are read: a shaded jar may bundle hundreds of artifacts.
  const byName = poms.filter((p) => p.artifact === splitArchiveName(fileName).name);
  if (byName.length === 1) return readCoordinates(file, byName[0]?.path ?? '');
  const manifest = parseManifest((await file.readSibling('META-INF/MANIFEST.MF'))?.toString('utf8') ?? '');
  const symbolic = (manifest.get('bundle-symbolicname') ?? '').split(';')[0]?.trim() ?? '';
  const title = manifest.get('implementation-title') ?? '';
  const byManifest = poms.filter((p) => symbolic === `${p.group}.${p.artifact}` || symbolic === p.artifact || title === p.artifact);
  return byManifest.length === 1 ? readCoordinates(file, byManifest[0]?.path ?? '') : undefined;
}

async function readCoordinates(file: CatalogFile, path: string): Promise<MavenCoordinates | undefined> {
  return mavenCoordinates((await file.readSibling(path))?.toString('utf8') ?? '');
}
