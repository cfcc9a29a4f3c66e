// A jar's `META-INF/MANIFEST.MF` when the jar has no Maven pom.properties (those are
// authoritative: java/pom-properties). Version: Implementation-Version, Bundle-Version
// (OSGi), Specification-Version, then the file name's; name: the file name's artifact,
// Bundle-SymbolicName, Implementation-Title. No version anywhere: no component.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, metadataEvidence } from '../../evidence.ts';
import { archiveFileName, javaEvidencePath, parseManifest, splitArchiveName } from '../../parse/java-archive.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'java/jar-manifest';

export const jarManifest: Cataloger = {
  name: NAME,
  version: 1,
  // Only the manifest at the top of an archive: exploded trees have many unrelated ones.
  matches: (path, innerPath) => innerPath === 'META-INF/MANIFEST.MF' && path.length >= 1,
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  if (file.listSiblings('META-INF/maven/').some((p) => p.endsWith('/pom.properties'))) return result;
  const fileName = archiveFileName(file);
  if (fileName === undefined) return result;
  const manifest = parseManifest((await file.read()).toString('utf8'));
  const fromName = splitArchiveName(fileName);
  const field = (key: string): string => manifest.get(key.toLowerCase()) ?? '';
  // OSGi symbolic names may carry directives, sample `org.eclipse.osgi; singleton:=true`.
  const symbolic = (field('Bundle-SymbolicName').split(';')[0] ?? '').trim();
  const version = field('Implementation-Version') || field('Bundle-Version') || field('Specification-Version') || fromName.version || '';
  const name = fromName.version ? fromName.name : symbolic || field('Implementation-Title') || fromName.name;
  if (version === '' || name === '') return result;
  const groupId = field('Implementation-Vendor-Id');
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'JA',
      vendor: groupId || field('Implementation-Vendor') || field('Bundle-Vendor'),
      purl: formatPurl({ type: 'maven', namespace: groupId || undefined, name, version }),
      licenses: field('Bundle-License') ? [field('Bundle-License')] : [],
      evidence: [metadataEvidence(NAME, javaEvidencePath(file), `META-INF/MANIFEST.MF: ${name} ${version}`)],
    }),
  );
  return result;
}
