// Building and merging components. The id is a hash of the identity, so the
// same package found twice (status file and .deb, two copies of a library)
// becomes one component with all its evidence.
import { createHash } from 'node:crypto';
import type { CodeType, Component, Distro, Evidence } from '../model/index.ts';

export interface ComponentFields {
  name: string;
  version: string;
  codetype: CodeType;
  vendor: string;
  purl: string;
  cpes?: string[];
  licenses?: string[];
  distro?: Distro;
  evidence: Evidence[];
}

/** The text of a piece of evidence is bounded: it is a pointer, not a copy. */
export const MAX_EVIDENCE_TEXT = 300;

export function makeComponent(fields: ComponentFields): Component {
  const component: Component = {
    id: componentId(fields),
    name: fields.name,
    version: fields.version,
    codetype: fields.codetype,
    vendor: fields.vendor,
    purl: fields.purl,
    cpes: fields.cpes ?? [],
    licenses: fields.licenses ?? [],
    evidence: fields.evidence.map((e) => (e.text && e.text.length > MAX_EVIDENCE_TEXT ? { ...e, text: e.text.slice(0, MAX_EVIDENCE_TEXT) } : e)),
  };
  if (fields.distro) component.distro = fields.distro;
  return component;
}

/** sha1 of (codetype, vendor, name, version, distro), hex. */
export function componentId(c: Pick<Component, 'codetype' | 'vendor' | 'name' | 'version' | 'distro'>): string {
  const distro = c.distro ? `${c.distro.name}:${c.distro.release}` : '';
  return createHash('sha1').update(JSON.stringify([c.codetype, c.vendor, c.name, c.version, distro])).digest('hex');
}

/** One component per id, evidence, licences and CPEs united; sorted by name, version, id. */
export function mergeComponents(components: readonly Component[]): Component[] {
  const byId = new Map<string, Component>();
  for (const c of components) {
    const seen = byId.get(c.id);
    if (!seen) {
      byId.set(c.id, { ...c, evidence: [...c.evidence], licenses: [...c.licenses], cpes: [...c.cpes], ...(c.containedIn ? { containedIn: [...c.containedIn] } : {}) });
      continue;
    }
    seen.evidence.push(...c.evidence);
    seen.licenses = unique([...seen.licenses, ...c.licenses]);
    seen.cpes = unique([...seen.cpes, ...c.cpes]);
    if (c.containedIn) seen.containedIn = unique([...(seen.containedIn ?? []), ...c.containedIn]).sort();
  }
  const merged = [...byId.values()];
  for (const c of merged) c.evidence = uniqueEvidence(c.evidence);
  return merged.sort(compareComponents);
}

export function compareComponents(a: Component, b: Component): number {
  return compareStrings(a.name, b.name) || compareStrings(a.version, b.version) || compareStrings(a.id, b.id);
}

/** Code-unit order: stable across locales, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Element-wise order of extended paths. */
export function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareStrings(a[i] ?? '', b[i] ?? '');
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function uniqueEvidence(evidence: Evidence[]): Evidence[] {
  const byKey = new Map<string, Evidence>();
  for (const e of evidence) byKey.set(JSON.stringify([e.method, e.foundBy, e.path, e.offset, e.text]), e);
  return [...byKey.values()].sort((a, b) => comparePaths(a.path, b.path) || compareStrings(a.foundBy, b.foundBy));
}
