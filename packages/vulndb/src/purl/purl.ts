// Package URLs (github.com/package-url/purl-spec):
// pkg:type/namespace/name@version?qualifiers#subpath, read and written by packageurl-js,
// the spec owners' reference implementation (its type rules: npm, pypi, deb names
// lower-cased, pypi `_` → `-`, ...). Components are kept decoded; `formatPurl` writes the
// canonical form (qualifiers sorted and form-encoded: `upstream=zlib%401%3A1.2.13`).
// Where the library refuses a purl for its type's rules only (a maven purl without a
// namespace, a golang version `v1.2` that is not semver), the parts it decoded are kept
// with the generic rules: such purls are in advisories and SBOMs and still name a package.
import { PackageURL } from 'packageurl-js';

export interface Purl {
  readonly type: string;
  /** Namespace segments, decoded ("@angular" for an npm scope). Empty when none. */
  readonly namespace: readonly string[];
  readonly name: string;
  readonly version: string | null;
  /** Qualifiers with lower-case keys, sorted by key; empty values dropped. */
  readonly qualifiers: Readonly<Record<string, string>>;
  readonly subpath: string | null;
}

/** Parses a purl; null when it is not one (never throws). */
export function parsePurl(text: string): Purl | null {
  let raw: ReturnType<typeof PackageURL.parseString>;
  try {
    raw = PackageURL.parseString(plusInQualifiers(text.trim()));
  } catch {
    return null;
  }
  const [type, namespace, name, version, qualifiers, subpath] = raw;
  if (type === undefined || name === undefined) return null;
  // `pkg:npm/foo@` names no version: not a purl.
  if (version === '') return null;
  return fromLibrary(type, namespace, name, version, qualifiers, subpath);
}

/**
 * Form decoding reads `+` in a query as a space; purls written before the spec said to
 * percent-encode it (ours included: `upstream=glibc%402.36-9+deb12u7`) mean a plus sign.
 */
function plusInQualifiers(text: string): string {
  const question = text.indexOf('?');
  if (question < 0) return text;
  const hash = text.indexOf('#', question);
  const end = hash < 0 ? text.length : hash;
  return `${text.slice(0, question)}${text.slice(question, end).replaceAll('+', '%2B')}${text.slice(end)}`;
}

/** The library's object, or its generic normalisation when only the type's checks refuse it; null when invalid. */
function fromLibrary(
  type: string,
  namespace: string | undefined,
  name: string,
  version: string | undefined,
  qualifiers: Readonly<Record<string, string>> | URLSearchParams | undefined,
  subpath: string | undefined,
): Purl | null {
  const rawQualifiers = qualifiers instanceof URLSearchParams ? Object.fromEntries(qualifiers) : qualifiers;
  try {
    return toPurl(new PackageURL(type, namespace, name, version, rawQualifiers, subpath));
  } catch {
    return unchecked(type, namespace, name, version, rawQualifiers, subpath);
  }
}

function unchecked(type: string, namespace: string | undefined, name: string, version: string | undefined, qualifiers: Record<string, string> | undefined, subpath: string | undefined): Purl | null {
  const { Component, Type } = PackageURL;
  const parts = {
    type: Component.type.normalize(type),
    namespace: namespace === undefined ? undefined : Component.namespace.normalize(namespace),
    name: Component.name.normalize(name),
    version: version === undefined ? undefined : Component.version.normalize(version),
    qualifiers: qualifiers === undefined ? undefined : (Component.qualifiers.normalize(qualifiers) as Record<string, string> | undefined),
    subpath: subpath === undefined ? undefined : Component.subpath.normalize(subpath),
  };
  const valid = (['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath'] as const).every((k) => Component[k].validate(parts[k], false));
  if (!valid || parts.type === undefined || parts.name === undefined) return null;
  const rules = (Type as Record<string, { normalize: (purl: typeof parts) => typeof parts } | undefined>)[parts.type];
  rules?.normalize(parts);
  return toPurl({ ...parts, type: parts.type, name: parts.name });
}

function toPurl(p: { type: string; namespace?: string | undefined; name: string; version?: string | undefined; qualifiers?: Record<string, string> | undefined; subpath?: string | undefined }): Purl {
  return {
    type: p.type,
    namespace: p.namespace ? p.namespace.split('/') : [],
    name: p.name,
    version: p.version || null,
    qualifiers: sortedQualifiers(p.qualifiers ?? {}),
    subpath: p.subpath || null,
  };
}

function sortedQualifiers(qualifiers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(qualifiers).filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Applies the purl-spec's type-specific rules (through packageurl-js) and sorts qualifiers. */
export function normalize(purl: Purl): Purl {
  const qualifiers = Object.keys(purl.qualifiers).length > 0 ? { ...purl.qualifiers } : undefined;
  return fromLibrary(purl.type, purl.namespace.join('/') || undefined, purl.name, purl.version ?? undefined, qualifiers, purl.subpath ?? undefined) ?? purl;
}

/** Formats a purl in canonical form. */
export function formatPurl(purl: Purl): string {
  const p = normalize(purl);
  const { Component } = PackageURL;
  let out = `pkg:${Component.type.encode(p.type)}/`;
  if (p.namespace.length > 0) out += `${Component.namespace.encode(p.namespace.join('/'))}/`;
  out += Component.name.encode(p.name);
  if (p.version !== null) out += `@${Component.version.encode(p.version)}`;
  if (Object.keys(p.qualifiers).length > 0) out += `?${Component.qualifiers.encode(p.qualifiers)}`;
  if (p.subpath !== null) out += `#${Component.subpath.encode(p.subpath)}`;
  return out;
}

/**
 * The version as the distro's version scheme wants it: rpm (and some deb)
 * purls carry the epoch as a qualifier (`pkg:rpm/fedora/curl@7.50.3-1.fc25?epoch=1`),
 * the schemes expect "1:7.50.3-1.fc25".
 */
export function versionWithEpoch(purl: Purl): string | null {
  const epoch = purl.qualifiers.epoch;
  if (purl.version === null || epoch === undefined || purl.version.includes(':')) return purl.version;
  return `${epoch}:${purl.version}`;
}
