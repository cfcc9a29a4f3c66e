// Maven coordinates a build stamps into every jar: `META-INF/maven/<groupId>/<artifactId>/pom.properties`
// (groupId, artifactId, version). A shaded jar holds one per artifact folded into it.
// The evidence points at the jar (see javaEvidencePath); in a shaded jar the bundled
// artifacts are `containedIn` the jar's own one (parse/java-shading.ts).
import type { Component } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { javaEvidencePath } from '../../parse/java-archive.ts';
import { type MavenCoordinates, mavenCoordinates, shadingOwner } from '../../parse/java-shading.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'java/pom-properties';
// Sample: `META-INF/maven/org.apache.commons/commons-lang3/pom.properties`.
const POM_PATH = /(^|\/)META-INF\/maven\/[^/]+\/[^/]+\/pom\.properties$/;

export const pomProperties: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, innerPath) => POM_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const own = mavenCoordinates((await file.read()).toString('utf8'));
  if (own === undefined) {
    malformed(result, file.path, 'pom.properties without groupId, artifactId or version');
    return result;
  }
  const component = mavenComponent(own, file);
  const owner = await shadingOwner(file);
  if (owner && (owner.groupId !== own.groupId || owner.artifactId !== own.artifactId)) component.containedIn = [mavenComponent(owner, file).id];
  result.components.push(component);
  return result;
}

function mavenComponent({ groupId, artifactId, version }: MavenCoordinates, file: CatalogFile): Component {
  return makeComponent({
    name: artifactId,
    version,
    codetype: 'JA',
    vendor: groupId,
    purl: formatPurl({ type: 'maven', namespace: groupId, name: artifactId, version }),
    evidence: [metadataEvidence(NAME, javaEvidencePath(file), `${file.innerPath}: ${groupId}:${artifactId}:${version}`)],
  });
}
