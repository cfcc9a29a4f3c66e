// CPE names (NISTIR 7695): the 2.3 formatted string binding NVD uses
// everywhere, and the older 2.2 URI binding still found in CVE 5 records
// and old feeds. Attribute values are kept unescaped; "*" stands for ANY and
// "-" for NA, as in the formatted string.

export const ANY = '*';
export const NA = '-';

export interface Cpe {
  /** "a" application, "o" operating system, "h" hardware, or ANY. */
  readonly part: string;
  readonly vendor: string;
  readonly product: string;
  readonly version: string;
  readonly update: string;
  readonly edition: string;
  readonly language: string;
  readonly swEdition: string;
  readonly targetSw: string;
  readonly targetHw: string;
  readonly other: string;
}

const ATTRIBUTES = [
  'part', 'vendor', 'product', 'version', 'update', 'edition', 'language', 'swEdition', 'targetSw', 'targetHw', 'other',
] as const satisfies readonly (keyof Cpe)[];

const PARTS = new Set(['a', 'o', 'h', ANY]);

/** Parses a CPE 2.3 formatted string or a CPE 2.2 URI; null when malformed. */
export function parseCpe(text: string): Cpe | null {
  const s = text.trim();
  if (s.startsWith('cpe:2.3:')) return parseCpe23(s);
  if (s.startsWith('cpe:/')) return parseCpe22(s);
  return null;
}

/**
 * `cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*`: eleven attributes split
 * at unescaped colons; `\` quotes the next character (`\:`, `\.`, `\/`).
 */
export function parseCpe23(s: string): Cpe | null {
  // Nearly every criteria has no escape: a plain split (evaluation parses thousands).
  if (!s.includes('\\')) {
    const plain = s.slice('cpe:2.3:'.length).split(':');
    if (plain.length !== ATTRIBUTES.length || plain.some((f) => f === '')) return null;
    return fromFields(plain);
  }
  const fields: string[] = [];
  let current = '';
  let raw = '';
  for (let i = 'cpe:2.3:'.length; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '\\') {
      const next = s.charAt(i + 1);
      if (next === '') return null;
      current += next;
      raw += c + next;
      i++;
    } else if (c === ':') {
      fields.push(raw === ANY || raw === NA ? raw : current);
      current = '';
      raw = '';
    } else {
      current += c;
      raw += c;
    }
  }
  fields.push(raw === ANY || raw === NA ? raw : current);
  if (fields.length !== ATTRIBUTES.length || fields.some((f) => f === '')) return null;
  return fromFields(fields);
}

/**
 * `cpe:/a:openssl:openssl:1.0.2k`: up to seven percent-encoded attributes,
 * missing or empty = ANY; an edition starting with "~" packs the 2.3
 * extended attributes (`cpe:/a:10web:photo_gallery:1.2.82::~~~wordpress~~`).
 */
export function parseCpe22(s: string): Cpe | null {
  const components = s.slice('cpe:/'.length).split(':');
  if (components.length > 7) return null;
  const decoded: string[] = [];
  for (const component of components) {
    const value = percentDecode(component);
    if (value === null) return null;
    decoded.push(value);
  }
  const [part = '', vendor = '', product = '', version = '', update = '', edition = '', language = ''] = decoded;
  const packed = edition.startsWith('~') ? edition.slice(1).split('~') : null;
  if (packed !== null && packed.length !== 5) return null;
  const fields = [part, vendor, product, version, update, packed?.[0] ?? edition, language, ...(packed?.slice(1) ?? [])];
  while (fields.length < ATTRIBUTES.length) fields.push('');
  return fromFields(fields.map((f) => (f === '' ? ANY : f)));
}

function fromFields(fields: readonly string[]): Cpe | null {
  const [part = ANY, vendor = ANY, product = ANY, version = ANY, update = ANY, edition = ANY, language = ANY] = fields;
  const [swEdition = ANY, targetSw = ANY, targetHw = ANY, other = ANY] = fields.slice(7);
  if (!PARTS.has(part)) return null;
  return { part, vendor, product, version, update, edition, language, swEdition, targetSw, targetHw, other };
}

// 2.2 URIs percent-encode punctuation. Sample: "convert%3a%3aasn1" -> "convert::asn1".
const PERCENT_RE = /%([0-9a-fA-F]{2})/g;

function percentDecode(s: string): string | null {
  if (/%(?![0-9a-fA-F]{2})/.test(s)) return null;
  return s.replace(PERCENT_RE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Formats a CPE as a 2.3 formatted string, escaping punctuation with `\`. */
export function formatCpe23(cpe: Cpe): string {
  return ['cpe', '2.3', ...ATTRIBUTES.map((a) => bindFs(cpe[a]))].join(':');
}

// Letters, digits, "_", "-" and "." stand as they are in a formatted
// string; everything else is quoted. Sample: "c++" -> "c\+\+".
function bindFs(value: string): string {
  if (value === ANY || value === NA) return value;
  return value.replace(/[^A-Za-z0-9_.-]/g, (c) => `\\${c}`);
}

/** Formats a CPE as a 2.2 URI, packing extended attributes into the edition. */
export function formatCpe22(cpe: Cpe): string {
  const extended = [cpe.swEdition, cpe.targetSw, cpe.targetHw, cpe.other];
  const edition = extended.every((v) => v === ANY)
    ? bindUri(cpe.edition)
    : `~${[cpe.edition, ...extended].map(bindUri).join('~')}`;
  const components = [cpe.part, cpe.vendor, cpe.product, cpe.version, cpe.update].map(bindUri);
  components.push(edition, bindUri(cpe.language));
  while (components.length > 0 && components[components.length - 1] === '') components.pop();
  return `cpe:/${components.join(':')}`;
}

function bindUri(value: string): string {
  if (value === ANY) return '';
  if (value === NA) return NA;
  return value.replace(/[^A-Za-z0-9_.-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * Does `candidate` (a component's CPE) fall under `criteria` (NVD's
 * cpeMatch criteria)? Per attribute: criteria ANY matches anything, NA
 * matches only NA, a value matches the same value ignoring case. A candidate
 * ANY under a concrete criteria value does not match (the candidate is
 * broader); callers that want "unknown version = latest" decide that before.
 */
export function cpeMatches(criteria: Cpe, candidate: Cpe): boolean {
  return ATTRIBUTES.every((a) => attributeMatches(criteria[a], candidate[a]));
}

function attributeMatches(criteria: string, candidate: string): boolean {
  if (criteria === ANY) return true;
  if (criteria === NA || candidate === NA) return criteria === candidate;
  return criteria.toLowerCase() === candidate.toLowerCase();
}
