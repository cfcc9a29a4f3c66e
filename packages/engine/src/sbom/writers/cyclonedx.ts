// CycloneDX 1.6 JSON through @cyclonedx/cyclonedx-library. `buildCycloneDxBom` makes the
// library model that both CycloneDX writers serialise (this one and cyclonedx-xml.ts), so
// components, vulnerabilities, the `binlens:vulnerabilities` property and dependencies are
// the same in both. The model has no `evidence.identity` nor `evidence.occurrences` (10.x):
// `componentEvidence` gives them per bom-ref, added here to the normalised JSON before
// serialising; the result is checked against the official 1.6 schema by the library's
// validator in the tests. A component found only in files a later image layer deleted
// carries the property `binlens:whiteout` = `true`: its bytes ship in the image, it does not run.
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { Component, Identification } from '../../model/index.ts';
import { compareStrings } from '../../identify/component.ts';
import { METHOD_IDENTITY, NOT_EVALUATED_PROPERTY, type SbomOptions, type SbomWriter, TOOL_NAME, WHITEOUT_PROPERTY, artifactFiles, deletedComponents, location, resolveOptions } from '../common.ts';
import { isCompound, spdxExpression } from '../licenses.ts';
import { type SbomVulnerability, advisorySource } from '../vulnerabilities.ts';

export const cyclonedxWriter: SbomWriter = {
  name: 'cyclonedx',
  mediaType: 'application/vnd.cyclonedx+json; version=1.6',
  write: writeCycloneDx,
};

const INPUT_REF = 'input';

export function writeCycloneDx(identification: Identification, options?: SbomOptions): string {
  const bom = buildCycloneDxBom(identification, options);
  const factory = new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6);
  const json = factory.makeForBom().normalize(bom, { sortLists: true }) as unknown as CdxJson;
  const evidence = componentEvidence(identification);
  for (const entry of json.components ?? []) {
    const found = evidence.get(entry['bom-ref'] ?? '');
    if (found) entry.evidence = found;
  }
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * The document as the library's model: the input as the metadata component, every component
 * with its hashes, licences and properties, `containedIn` as dependencies, the vulnerabilities
 * or the reason they were not evaluated. Evidence is not in it (see `componentEvidence`).
 */
export function buildCycloneDxBom(identification: Identification, options?: SbomOptions): Models.Bom {
  const opts = resolveOptions(options);
  const bom = new Models.Bom({ serialNumber: `urn:uuid:${opts.uuid}` });
  bom.metadata.timestamp = opts.now;
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, TOOL_NAME, { version: opts.toolVersion }));
  const input = identification.input;
  const root = new Models.Component(Enums.ComponentType.File, input.name, { bomRef: INPUT_REF });
  root.hashes.set(Enums.HashAlgorithm['SHA-1'], input.sha1);
  root.hashes.set(Enums.HashAlgorithm['SHA-256'], input.sha256);
  bom.metadata.component = root;
  const artifacts = artifactFiles(identification);
  const deleted = deletedComponents(identification);
  const byRef = new Map<string, Models.Component>();
  for (const c of identification.components) {
    const model = toModel(c, artifacts.get(c.id));
    if (deleted.has(c.id)) model.properties.add(new Models.Property(WHITEOUT_PROPERTY, 'true'));
    byRef.set(c.id, model);
    bom.components.add(model);
  }
  // Everything found is inside the input; a native copy owned by a distro package is inside that package.
  for (const c of identification.components) {
    const owners = (c.containedIn ?? []).map((id) => byRef.get(id)).filter((m) => m !== undefined);
    for (const owner of owners) owner.dependencies.add(byRef.get(c.id)?.bomRef ?? new Models.BomRef(c.id));
  }
  for (const v of opts.vulnerabilities) bom.vulnerabilities.add(toVulnerability(v, byRef));
  // No `vulnerabilities` at all then (the library leaves an empty list out): the reason is a property.
  if (opts.notEvaluated !== null) bom.metadata.properties.add(new Models.Property(NOT_EVALUATED_PROPERTY, opts.notEvaluated));
  return bom;
}

interface CdxJson {
  components?: { 'bom-ref'?: string; evidence?: unknown }[];
}

function toModel(c: Component, artifact: { sha1: string; sha256: string } | undefined): Models.Component {
  const model = new Models.Component(Enums.ComponentType.Library, c.name, {
    bomRef: c.id,
    version: c.version || undefined,
    purl: c.purl,
    publisher: c.vendor || undefined,
  });
  if (c.cpes[0]) model.cpe = c.cpes[0];
  if (artifact) {
    model.hashes.set(Enums.HashAlgorithm['SHA-1'], artifact.sha1);
    model.hashes.set(Enums.HashAlgorithm['SHA-256'], artifact.sha256);
  }
  for (const license of licenseModels(c.licenses)) model.licenses.add(license);
  model.properties.add(new Models.Property('binlens:codetype', c.codetype));
  if (c.distro) model.properties.add(new Models.Property('binlens:distro', c.distro.release ? `${c.distro.name}:${c.distro.release}` : c.distro.name));
  // CycloneDX has one `cpe`; the other candidates stay available to matchers.
  for (const cpe of c.cpes.slice(1)) model.properties.add(new Models.Property('binlens:cpe', cpe));
  return model;
}

const SEVERITIES = new Set<string>(Object.values(Enums.Vulnerability.Severity));

/**
 * A vulnerability with its ratings, CWEs and the components it affects. EPSS and KEV have
 * no field of their own in CycloneDX 1.6: they are properties, as are the match details.
 */
function toVulnerability(v: SbomVulnerability, byRef: ReadonlyMap<string, Models.Component>): Models.Vulnerability.Vulnerability {
  const V = Models.Vulnerability;
  const source = advisorySource(v.id);
  const vuln = new V.Vulnerability({ bomRef: `vuln:${v.id}`, id: v.id, source: new V.Source(source), description: v.description || undefined });
  for (const r of v.ratings) {
    const severity = r.severity?.toLowerCase();
    vuln.ratings.add(new V.Rating({
      method: Enums.Vulnerability.RatingMethod[r.method],
      vector: r.vector,
      score: r.score ?? undefined,
      severity: severity && SEVERITIES.has(severity) ? (severity as Enums.Vulnerability.Severity) : undefined,
      source: new V.Source({ name: r.source }),
    }));
  }
  for (const cwe of v.cwes) vuln.cwes.add(cwe);
  for (const alias of v.aliases) vuln.references.add(new V.Reference(alias, new V.Source(advisorySource(alias))));
  for (const a of v.affects) {
    const component = byRef.get(a.ref);
    if (!component) continue;
    const affect = new V.Affect(component.bomRef);
    if (component.version) affect.versions.add(new V.AffectedSingleVersion(component.version, { status: Enums.Vulnerability.AffectStatus.Affected }));
    vuln.affects.add(affect);
    vuln.properties.add(new Models.Property(`binlens:match:${a.ref}`, `${a.source} ${a.range}${a.exact ? '' : ' (version unknown, assumed affected)'}`));
    if (a.fixed) vuln.properties.add(new Models.Property(`binlens:fixed:${a.ref}`, a.fixed));
  }
  if (v.epss) {
    vuln.properties.add(new Models.Property('binlens:epss:score', String(v.epss.score)));
    vuln.properties.add(new Models.Property('binlens:epss:percentile', String(v.epss.percentile)));
  }
  if (v.kev) {
    vuln.properties.add(new Models.Property('binlens:kev:date-added', v.kev.dateAdded));
    if (v.kev.dueDate) vuln.properties.add(new Models.Property('binlens:kev:due-date', v.kev.dueDate));
    vuln.properties.add(new Models.Property('binlens:kev:ransomware', v.kev.ransomware));
  }
  return vuln;
}

/** One compound SPDX expression alone, or ids and names (the schema forbids mixing an expression with others). */
function licenseModels(licenses: readonly string[]): (Models.SpdxLicense | Models.NamedLicense | Models.LicenseExpression)[] {
  const expressions = licenses.map((l) => spdxExpression(l));
  if (licenses.length === 1 && expressions[0] && isCompound(expressions[0])) return [new Models.LicenseExpression(expressions[0])];
  return licenses.map((l, i) => {
    const id = expressions[i];
    return id && !isCompound(id) ? new Models.SpdxLicense(id) : new Models.NamedLicense(l);
  });
}

/** A component's `evidence` as CycloneDX 1.6 has it, in JSON's shape. */
export interface CdxEvidence {
  identity: { field: 'purl'; confidence: number; concludedValue: string; methods: { technique: string; confidence: number }[] }[];
  occurrences: { location: string; offset?: number; additionalContext?: string }[];
}

/**
 * `evidence.identity` (purl, one method per matching method) and `evidence.occurrences` (one
 * per file) of each component with evidence, by bom-ref (the component id).
 */
export function componentEvidence(identification: Identification): Map<string, CdxEvidence> {
  const out = new Map<string, CdxEvidence>();
  for (const c of identification.components) {
    if (c.evidence.length === 0) continue;
    const methods = [...new Set(c.evidence.map((e) => e.method))].sort(compareStrings).map((m) => ({ ...METHOD_IDENTITY[m] }));
    const confidence = Math.max(...methods.map((m) => m.confidence));
    const occurrences = c.evidence.map((e) => {
      const occurrence: CdxEvidence['occurrences'][number] = { location: location(e.path, identification.input.name) };
      if (e.offset !== undefined) occurrence.offset = e.offset;
      if (e.text) occurrence.additionalContext = `${e.foundBy}: ${e.text}`;
      else occurrence.additionalContext = e.foundBy;
      return occurrence;
    });
    out.set(c.id, { identity: [{ field: 'purl', confidence, concludedValue: c.purl, methods }], occurrences });
  }
  return out;
}
