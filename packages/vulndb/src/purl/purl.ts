// Package URLs (github.com/package-url/purl-spec):
// pkg:type/namespace/name@version?qualifiers#subpath. Components are kept
// decoded; `formatPurl` produces the canonical form (type and qualifier keys
// lower-cased, qualifiers sorted, type-specific name normalisation).

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

// A type is a letter followed by letters, digits, "." "+" "-".
// Sample: "deb", "golang", "cargo", "generic".
const TYPE_RE = /^[a-z][a-z0-9.+-]*$/;
// A qualifier key. Sample: "arch", "distro", "repository_url", "vcs_url".
const KEY_RE = /^[a-z][a-z0-9._-]*$/;

/** Parses a purl; null when it is not one (never throws). */
export function parsePurl(text: string): Purl | null {
  let rest = text.trim();
  let subpath: string | null = null;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    const segments = splitPath(rest.slice(hash + 1)).filter((s) => s !== '.' && s !== '..');
    subpath = segments.length === 0 ? null : segments.join('/');
    rest = rest.slice(0, hash);
  }
  let qualifiers: Record<string, string> | null = {};
  const question = rest.indexOf('?');
  if (question >= 0) {
    qualifiers = parseQualifiers(rest.slice(question + 1));
    rest = rest.slice(0, question);
  }
  if (qualifiers === null || !/^pkg:/i.test(rest)) return null;
  // "pkg://npm/x" is tolerated: slashes after the scheme carry no meaning.
  rest = rest.slice(4).replace(/^\/+/, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  const type = rest.slice(0, slash).toLowerCase();
  if (!TYPE_RE.test(type)) return null;
  rest = rest.slice(slash + 1);
  let version: string | null = null;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    version = decode(rest.slice(at + 1));
    rest = rest.slice(0, at);
  }
  const segments = rest.split('/').filter((s) => s !== '').map(decode);
  const name = segments.pop();
  if (name === undefined || name === null || segments.includes(null) || version === '') return null;
  return normalize({ type, namespace: segments as string[], name, version, qualifiers, subpath });
}

function parseQualifiers(text: string): Record<string, string> | null {
  const qualifiers: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    const key = pair.slice(0, eq).toLowerCase();
    const value = decode(pair.slice(eq + 1));
    if (!KEY_RE.test(key) || value === null || key in qualifiers) return null;
    if (value !== '') qualifiers[key] = value;
  }
  return qualifiers;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '').map((s) => decode(s) ?? s);
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** Applies the purl-spec's type-specific rules and sorts qualifiers. */
export function normalize(purl: Purl): Purl {
  const rule = TYPE_RULES[purl.type];
  const lowerNamespace = rule?.lowerNamespace ?? false;
  const namespace = lowerNamespace ? purl.namespace.map((s) => s.toLowerCase()) : [...purl.namespace];
  const name = rule?.name?.(purl.name) ?? purl.name;
  const qualifiers = Object.fromEntries(Object.entries(purl.qualifiers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { type: purl.type, namespace, name, version: purl.version, qualifiers, subpath: purl.subpath };
}

interface TypeRule {
  readonly lowerNamespace?: boolean;
  readonly name?: (name: string) => string;
}

const lower = (s: string): string => s.toLowerCase();

// From the purl-spec's PURL-TYPES: which types are case-insensitive, and
// PyPI's "_" -> "-" (PEP 503 names: "Flask_SQLAlchemy" -> "flask-sqlalchemy").
const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  alpm: { lowerNamespace: true, name: lower },
  apk: { lowerNamespace: true, name: lower },
  bitbucket: { lowerNamespace: true, name: lower },
  composer: { lowerNamespace: true, name: lower },
  deb: { lowerNamespace: true, name: lower },
  github: { lowerNamespace: true, name: lower },
  gitlab: { lowerNamespace: true, name: lower },
  hex: { lowerNamespace: true, name: lower },
  pypi: { name: (n) => n.toLowerCase().replaceAll('_', '-') },
  rpm: { lowerNamespace: true },
};

/** Formats a purl in canonical form. */
export function formatPurl(purl: Purl): string {
  const p = normalize(purl);
  let out = `pkg:${p.type}/`;
  for (const segment of p.namespace) out += `${encode(segment)}/`;
  out += encode(p.name);
  if (p.version !== null) out += `@${encode(p.version)}`;
  const pairs = Object.entries(p.qualifiers).map(([k, v]) => `${k}=${encode(v, '/')}`);
  if (pairs.length > 0) out += `?${pairs.join('&')}`;
  if (p.subpath !== null) out += `#${p.subpath.split('/').map((s) => encode(s)).join('/')}`;
  return out;
}

// Percent-encode all but unreserved characters and ":" (which the spec says
// need not be encoded); "+" is always encoded so that "1.0+deb12u1" cannot
// be read as a space. Sample: "@angular" -> "%40angular".
function encode(s: string, keep = ''): string {
  return s.replace(/[^A-Za-z0-9._~:-]/g, (c) => (keep.includes(c) ? c : encodeURIComponent(c) === c ? escapeChar(c) : encodeURIComponent(c)));
}

function escapeChar(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
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
