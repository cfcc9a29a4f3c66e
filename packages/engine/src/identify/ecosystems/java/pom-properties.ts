// Maven coordinates a build stamps into every jar: `META-INF/maven/<groupId>/<artifactId>/pom.properties`
// (groupId, artifactId, version). A shaded jar holds one per artifact folded into it.
// The evidence points at the jar (see javaEvidencePath).
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { javaEvidencePath, parseProperties } from '../../parse/java-archive.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'java/pom-properties';
// Sample: `META-INF/maven/org.apache.commons/commons-lang3/pom.properties`.
const POM_PATH = /(^|\/)META-INF\/maven\/[^/]+\/[^/]+\/pom\.properties$/;

export const pomProperties: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => POM_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const props = parseProperties((await file.read()).toString('utf8'));
  const groupId = props.get('groupId') ?? '';
  const artifactId = props.get('artifactId') ?? '';
  const version = props.get('version') ?? '';
  if (groupId === '' || artifactId === '' || version === '') {
    malformed(result, file.path, 'pom.properties without groupId, artifactId or version');
    return result;
  }
  result.components.push(
    makeComponent({
      name: artifactId,
      version,
      codetype: 'JA',
      vendor: groupId,
      purl: formatPurl({ type: 'maven', namespace: groupId, name: artifactId, version }),
      evidence: [metadataEvidence(NAME, javaEvidencePath(file), `${file.innerPath}: ${groupId}:${artifactId}:${version}`)],
    }),
  );
  return result;
}
