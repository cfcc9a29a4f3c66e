// Package URLs (github.com/package-url/purl-spec): pkg:type/namespace/name@version?qualifiers

export interface PurlParts {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
  qualifiers?: Record<string, string | undefined>;
}

export function formatPurl(p: PurlParts): string {
  let out = `pkg:${p.type}/`;
  if (p.namespace) out += `${p.namespace.split('/').map(encodeURIComponent).join('/')}/`;
  out += encodeURIComponent(p.name);
  if (p.version) out += `@${encodeLoose(p.version)}`;
  const qualifiers = Object.entries(p.qualifiers ?? {})
    .filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (qualifiers.length > 0) out += `?${qualifiers.map(([k, v]) => `${k}=${encodeLoose(v)}`).join('&')}`;
  return out;
}

/**
 * Versions and qualifier values keep `:` and `+` readable, as the spec allows and
 * syft/trivy emit: `1:1.2.13.dfsg-1`, `2.36-9+deb12u7`. Everything else reserved is escaped.
 */
function encodeLoose(value: string): string {
  return encodeURIComponent(value).replaceAll('%3A', ':').replaceAll('%2B', '+');
}
