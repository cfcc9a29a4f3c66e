// A package listed by an SBOM document shipped inside the input (CycloneDX, SPDX, Bitnami's
// SPDX files) → a component: its own purl, CPEs and licences as the document declares them,
// the code type of its purl type, and evidence pointing at the document.
import type { CodeType, Component } from '../../model/index.ts';
import { makeComponent } from '../component.ts';
import { metadataEvidence } from '../evidence.ts';
import { formatPurl } from '../purl.ts';

export interface SbomPackage {
  name: string;
  version: string;
  /** As written in the document; '' when none (the component gets `pkg:generic/<name>`). */
  purl: string;
  licenses: string[];
  cpes: string[];
  /** What the evidence shows: the document's own words for the package. */
  text: string;
  offset?: number;
}

/** SBOM component kinds that are not packages: files, the operating system entry, the document's container. */
export const NOT_PACKAGES = new Set(['file', 'operating-system', 'FILE', 'OPERATING-SYSTEM']);
/** Entries read from one document at most: a bound on a hostile or runaway SBOM. */
export const MAX_SBOM_PACKAGES = 100_000;

const CODE_TYPES: Readonly<Record<string, CodeType>> = {
  npm: 'JS',
  pypi: 'PY',
  maven: 'JA',
  gem: 'RB',
  composer: 'CP',
  nuget: 'MS',
  golang: 'GO',
  cocoapods: 'MA',
  swift: 'MA',
  deb: 'DP',
  rpm: 'DP',
  apk: 'DP',
  alpm: 'DP',
  opkg: 'DP',
  conda: 'DP',
  bitnami: 'DP',
};

export function sbomComponent(foundBy: string, path: string[], p: SbomPackage): Component {
  const purl = validPurl(p.purl) ? p.purl.trim() : formatPurl({ type: 'generic', name: p.name, version: p.version || undefined });
  const type = purlType(purl);
  return makeComponent({
    name: p.name,
    version: p.version,
    codetype: CODE_TYPES[type] ?? 'NA',
    // Maven's group is the vendor, as java/pom-properties has it.
    vendor: type === 'maven' ? purlNamespace(purl) : '',
    purl,
    cpes: p.cpes,
    licenses: p.licenses,
    evidence: [metadataEvidence(foundBy, path, p.text, p.offset)],
  });
}

/** Sample: `pkg:npm/%40babel/core@7.23.9` (type, then at least a name). */
function validPurl(purl: string): boolean {
  return /^pkg:[A-Za-z][A-Za-z0-9.+-]*\/[^\s]+$/.test(purl.trim());
}

function purlType(purl: string): string {
  return purl.slice(4, purl.indexOf('/')).toLowerCase();
}

/** Sample: `pkg:maven/org.apache.commons/commons-lang3@3.14.0` → `org.apache.commons`. */
function purlNamespace(purl: string): string {
  const path = purl.slice(purl.indexOf('/') + 1).split(/[@?#]/)[0] ?? '';
  const segments = path.split('/');
  segments.pop();
  try {
    return segments.map(decodeURIComponent).join('/');
  } catch {
    return segments.join('/');
  }
}

/** A declared licence, unless it says there is none or it was not looked at. */
export function declaredLicense(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'NOASSERTION' || trimmed === 'NONE' ? undefined : trimmed;
}
