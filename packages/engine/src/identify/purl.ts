// Package URLs (github.com/package-url/purl-spec): pkg:type/namespace/name@version?qualifiers,
// written by packageurl-js, the spec owners' reference implementation: its type rules
// (npm and pypi names lower-cased, ...) and its encoding (versions keep `:` and `+`;
// qualifier values are form-encoded, so `1:1.2.13` in a qualifier reads `1%3A1.2.13`).
// Where the library refuses the parts (a maven purl without a namespace, a golang
// version `v1.2` that is not semver) the same encoders write them without the type's
// checks: a purl that says what was found rather than none.
import { PackageURL } from 'packageurl-js';

export interface PurlParts {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  qualifiers?: Record<string, string | undefined>;
}

export function formatPurl(p: PurlParts): string {
  const qualifiers = presentQualifiers(p.qualifiers);
  try {
    return new PackageURL(p.type, p.namespace || undefined, p.name, p.version || undefined, qualifiers).toString();
  } catch {
    return formatUnchecked(p, qualifiers);
  }
}

/** The library's normalisation and encoding of each part, without the type's validation. */
function formatUnchecked(p: PurlParts, qualifiers: Record<string, string> | undefined): string {
  const { Component, Type } = PackageURL;
  const type = Component.type.normalize(p.type) ?? p.type;
  const parts = {
    type,
    namespace: p.namespace ? Component.namespace.normalize(p.namespace) : undefined,
    name: Component.name.normalize(p.name) ?? p.name,
    version: p.version ? Component.version.normalize(p.version) : undefined,
  };
  // Type rules that only change case or separators (npm, pypi, deb, ...); their checks are what refused it.
  const rules = (Type as Record<string, { normalize: (purl: typeof parts) => typeof parts } | undefined>)[type];
  rules?.normalize(parts);
  let out = `pkg:${Component.type.encode(type)}/`;
  if (parts.namespace) out += `${Component.namespace.encode(parts.namespace)}/`;
  out += Component.name.encode(parts.name);
  if (parts.version) out += `@${Component.version.encode(parts.version)}`;
  if (qualifiers) out += `?${Component.qualifiers.encode(qualifiers)}`;
  return out;
}

/** Qualifiers with a value, or undefined when none has one (the library writes `?` for an empty object). */
function presentQualifiers(qualifiers: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  const present = Object.entries(qualifiers ?? {}).filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1] !== '');
  return present.length > 0 ? Object.fromEntries(present) : undefined;
}
