// SPDX 2.3 JSON, written by hand (the format is plain JSON; no library beats a page of
// code). The input is the described package; every component is a package it CONTAINS;
// a native copy inside a distro package is CONTAINED by that package too. SPDXIDs are
// derived from the component id, so the same scan always gives the same ids.
// `buildSpdxDocument` makes the document object that this writer and the tag-value one
// (spdx-tag-value.ts) serialise.
import { createHash } from 'node:crypto';
import type { Component, Identification } from '../../model/index.ts';
import { compareStrings } from '../../identify/component.ts';
import { NOT_EVALUATED_PROPERTY, type SbomOptions, type SbomWriter, TOOL_NAME, artifactFiles, evidencePaths, location, resolveOptions } from '../common.ts';
import { licenseRef, spdxExpression } from '../licenses.ts';
import { type SbomVulnerability, advisorySource, primaryRating } from '../vulnerabilities.ts';

export const spdxWriter: SbomWriter = {
  name: 'spdx',
  mediaType: 'application/spdx+json',
  write: writeSpdx,
};

const DOCUMENT_ID = 'SPDXRef-DOCUMENT';
const INPUT_ID = 'SPDXRef-Input';
const NOASSERTION = 'NOASSERTION';
const NAMESPACE_BASE = 'https://binlens.invalid/spdx';

export interface SpdxPackage {
  SPDXID: string;
  name: string;
  versionInfo?: string;
  supplier?: string;
  downloadLocation: string;
  filesAnalyzed: false;
  checksums?: { algorithm: 'SHA1' | 'SHA256'; checksumValue: string }[];
  licenseConcluded: string;
  licenseDeclared: string;
  copyrightText: string;
  sourceInfo?: string;
  primaryPackagePurpose?: 'FILE' | 'LIBRARY';
  externalRefs?: ExternalRef[];
}

export interface ExternalRef {
  referenceCategory: 'PACKAGE-MANAGER' | 'SECURITY';
  referenceType: 'purl' | 'cpe23Type' | 'advisory';
  referenceLocator: string;
  comment?: string;
}

export interface Relationship {
  spdxElementId: string;
  relationshipType: 'DESCRIBES' | 'CONTAINS';
  relatedSpdxElement: string;
}

/** The SPDX 2.3 document, with the field names and order of its JSON schema. */
export interface SpdxDocument {
  spdxVersion: 'SPDX-2.3';
  dataLicense: 'CC0-1.0';
  SPDXID: string;
  name: string;
  documentNamespace: string;
  creationInfo: { created: string; creators: string[] };
  comment?: string;
  packages: SpdxPackage[];
  relationships: Relationship[];
  hasExtractedLicensingInfos?: { licenseId: string; name: string; extractedText: string }[];
}

export function writeSpdx(identification: Identification, options?: SbomOptions): string {
  return `${JSON.stringify(buildSpdxDocument(identification, options), null, 2)}\n`;
}

export function buildSpdxDocument(identification: Identification, options?: SbomOptions): SpdxDocument {
  const opts = resolveOptions(options);
  const { input } = identification;
  const extracted = new Map<string, string>();
  const artifacts = artifactFiles(identification);
  const rootPackage: SpdxPackage = {
    SPDXID: INPUT_ID,
    name: input.name,
    downloadLocation: NOASSERTION,
    filesAnalyzed: false,
    checksums: [
      { algorithm: 'SHA1', checksumValue: input.sha1 },
      { algorithm: 'SHA256', checksumValue: input.sha256 },
    ],
    licenseConcluded: NOASSERTION,
    licenseDeclared: NOASSERTION,
    copyrightText: NOASSERTION,
    primaryPackagePurpose: 'FILE',
  };
  const ids = new Map(identification.components.map((c) => [c.id, spdxId(c)]));
  const advisories = advisoryRefs(opts.vulnerabilities);
  const packages = identification.components.map((c) => {
    const pkg = toPackage(c, ids.get(c.id) ?? '', artifacts.get(c.id), identification.input.name, extracted);
    pkg.externalRefs?.push(...(advisories.get(c.id) ?? []));
    return pkg;
  });
  const relationships: Relationship[] = [{ spdxElementId: DOCUMENT_ID, relationshipType: 'DESCRIBES', relatedSpdxElement: INPUT_ID }];
  for (const c of identification.components) {
    const id = ids.get(c.id) ?? '';
    relationships.push({ spdxElementId: INPUT_ID, relationshipType: 'CONTAINS', relatedSpdxElement: id });
    for (const owner of c.containedIn ?? []) {
      const ownerId = ids.get(owner);
      if (ownerId) relationships.push({ spdxElementId: ownerId, relationshipType: 'CONTAINS', relatedSpdxElement: id });
    }
  }
  return {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: DOCUMENT_ID,
    name: input.name,
    documentNamespace: `${NAMESPACE_BASE}/${encodeURIComponent(input.name)}-${opts.uuid}`,
    creationInfo: {
      created: opts.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      creators: [`Tool: ${TOOL_NAME}-${opts.toolVersion}`],
    },
    // SPDX 2.3 has no vulnerability element nor properties: the document comment says why no package has advisories.
    ...(opts.notEvaluated === null ? {} : { comment: `${NOT_EVALUATED_PROPERTY}: ${opts.notEvaluated}` }),
    packages: [rootPackage, ...packages],
    relationships,
    ...(extracted.size > 0
      ? { hasExtractedLicensingInfos: [...extracted].sort(([a], [b]) => compareStrings(a, b)).map(([licenseId, name]) => ({ licenseId, name, extractedText: name })) }
      : {}),
  };
}

/** `SPDXRef-Package-<codetype>-<name>-<id prefix>`; letters, digits, `.` and `-` only. */
function spdxId(c: Component): string {
  const name = c.name.replace(/[^A-Za-z0-9.-]+/g, '-').slice(0, 60);
  return `SPDXRef-Package-${c.codetype}-${name}-${c.id.slice(0, 16)}`;
}

function toPackage(c: Component, id: string, artifact: { sha1: string; sha256: string } | undefined, inputName: string, extracted: Map<string, string>): SpdxPackage {
  const pkg: SpdxPackage = {
    SPDXID: id,
    name: c.name,
    downloadLocation: NOASSERTION,
    filesAnalyzed: false,
    licenseConcluded: NOASSERTION,
    licenseDeclared: declared(c.licenses, extracted),
    copyrightText: NOASSERTION,
    primaryPackagePurpose: 'LIBRARY',
  };
  if (c.version) pkg.versionInfo = c.version;
  if (c.vendor) pkg.supplier = `Organization: ${c.vendor}`;
  if (artifact) {
    pkg.checksums = [
      { algorithm: 'SHA1', checksumValue: artifact.sha1 },
      { algorithm: 'SHA256', checksumValue: artifact.sha256 },
    ];
  }
  const methods = [...new Set(c.evidence.map((e) => e.method))].sort(compareStrings);
  pkg.sourceInfo = `found by ${methods.join(', ')} in ${evidencePaths(c).map((p) => location(p, inputName)).join(', ')}`;
  pkg.externalRefs = [
    { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: c.purl },
    ...c.cpes.map((cpe) => ({ referenceCategory: 'SECURITY' as const, referenceType: 'cpe23Type' as const, referenceLocator: cpe })),
  ];
  return pkg;
}

/**
 * SPDX 2.3 has no vulnerability element: each vulnerability of a package is a SECURITY
 * `advisory` reference to where it is described, its comment carrying id, rating, EPSS,
 * KEV and the fixed version, so a reader of the SBOM alone sees what the scan saw.
 */
function advisoryRefs(vulnerabilities: readonly SbomVulnerability[]): Map<string, ExternalRef[]> {
  const refs = new Map<string, ExternalRef[]>();
  for (const v of vulnerabilities) {
    const rating = primaryRating(v);
    for (const a of v.affects) {
      const facts = [
        v.id,
        rating ? `${rating.method} ${rating.score ?? ''} ${rating.severity ?? ''}`.trim() : '',
        v.epss ? `EPSS ${v.epss.score}` : '',
        v.kev ? `KEV since ${v.kev.dateAdded}` : '',
        a.fixed ? `fixed in ${a.fixed}` : '',
        a.exact ? '' : 'version unknown, assumed affected',
      ].filter((f) => f !== '');
      const list = refs.get(a.ref) ?? [];
      list.push({ referenceCategory: 'SECURITY', referenceType: 'advisory', referenceLocator: advisorySource(v.id).url, comment: facts.join('; ') });
      refs.set(a.ref, list);
    }
  }
  return refs;
}

/** The licences joined with AND; a name off the SPDX list becomes a LicenseRef with its text. */
function declared(licenses: readonly string[], extracted: Map<string, string>): string {
  if (licenses.length === 0) return NOASSERTION;
  const parts = licenses.map((l) => {
    const expression = spdxExpression(l);
    if (expression) return licenses.length > 1 && /\s/.test(expression) ? `(${expression})` : expression;
    const ref = licenseRef(l, (s) => createHash('sha256').update(s).digest('hex'));
    extracted.set(ref, l);
    return ref;
  });
  return parts.join(' AND ');
}
