// Spec §9 licence policy classes: RE Restrictive, RU Restrictive when estimated, PE
// Permissive. Each SPDX id has a class from data/policy-classes.json (or the user's
// override map); an expression takes the class a licensee ends up bound by: `A OR B`
// lets them choose the less restrictive, `A AND B` binds them by both. A restrictive
// result known only by text similarity (an estimate, not a declaration) is RU.
import table from './data/policy-classes.json' with { type: 'json' };

export type LicensePolicy = 'RE' | 'RU' | 'PE';

export const LICENSE_POLICIES: readonly LicensePolicy[] = ['RE', 'RU', 'PE'];

/** SPDX id (as written, case-insensitive) → class; wins over the built-in table. */
export type LicensePolicyOverrides = Readonly<Record<string, string>>;

export interface PolicyOptions {
  /** The licence was found by text similarity below an exact match, not declared. */
  estimated?: boolean;
  overrides?: LicensePolicyOverrides;
}

const BUILT_IN = new Map<string, LicensePolicy>([
  ...table.restrictive.map((id) => [id.toLowerCase(), 'RE'] as const),
  ...table.permissive.map((id) => [id.toLowerCase(), 'PE'] as const),
]);

/** Restrictiveness order used to combine terms; null (unclassified) sits between RU and PE. */
const RANK: Record<LicensePolicy, number> = { RE: 3, RU: 2, PE: 0 };
const UNCLASSIFIED_RANK = 1;

/**
 * The policy class of an SPDX expression, or null when a deciding id is unclassified or
 * the expression cannot be read.
 */
export function licensePolicy(expression: string, options: PolicyOptions = {}): LicensePolicy | null {
  const lookup = classLookup(options.overrides);
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  const parser = { tokens, at: 0 };
  const policy = parseOr(parser, lookup);
  if (policy === undefined || parser.at !== tokens.length) return null;
  return policy === 'RE' && options.estimated ? 'RU' : policy;
}

/** Throws for a class other than RE, RU, PE: a configuration error, reported on save. */
export function validatePolicyOverrides(overrides: LicensePolicyOverrides): void {
  for (const [id, policy] of Object.entries(overrides)) {
    if (!(LICENSE_POLICIES as readonly string[]).includes(policy)) throw new Error(`licence policy for ${id} must be one of ${LICENSE_POLICIES.join(', ')}, not "${policy}"`);
  }
}

type Lookup = (id: string) => LicensePolicy | null;
interface Parser {
  tokens: string[];
  at: number;
}
/** undefined = syntax error; null = unclassified. */
type Parsed = LicensePolicy | null | undefined;

function classLookup(overrides: LicensePolicyOverrides | undefined): Lookup {
  const user = new Map<string, LicensePolicy>();
  if (overrides) {
    validatePolicyOverrides(overrides);
    for (const [id, policy] of Object.entries(overrides)) user.set(id.toLowerCase(), policy as LicensePolicy);
  }
  return (id) => {
    const key = id.toLowerCase();
    return user.get(key) ?? BUILT_IN.get(key) ?? null;
  };
}

function parseOr(p: Parser, lookup: Lookup): Parsed {
  return parseList(p, 'OR', () => parseAnd(p, lookup), (a, b) => (rank(a) <= rank(b) ? a : b));
}

function parseAnd(p: Parser, lookup: Lookup): Parsed {
  return parseList(p, 'AND', () => parseTerm(p, lookup), (a, b) => (rank(a) >= rank(b) ? a : b));
}

function parseList(p: Parser, operator: string, term: () => Parsed, combine: (a: LicensePolicy | null, b: LicensePolicy | null) => LicensePolicy | null): Parsed {
  let result = term();
  while (result !== undefined && p.tokens[p.at]?.toUpperCase() === operator) {
    p.at++;
    const next = term();
    if (next === undefined) return undefined;
    result = combine(result, next);
  }
  return result;
}

/** `id`, `id WITH exception` (the exception relaxes, never changes, the class) or `( expression )`. */
function parseTerm(p: Parser, lookup: Lookup): Parsed {
  const token = p.tokens[p.at++];
  if (token === undefined || token === ')' || /^(AND|OR|WITH)$/i.test(token)) return undefined;
  if (token === '(') {
    const inner = parseOr(p, lookup);
    return p.tokens[p.at++] === ')' ? inner : undefined;
  }
  if (p.tokens[p.at]?.toUpperCase() === 'WITH') {
    if (p.tokens[p.at + 1] === undefined) return undefined;
    p.at += 2;
  }
  return lookup(token) ?? lookup(token.replace(/\+$/, ''));
}

function rank(policy: LicensePolicy | null): number {
  return policy === null ? UNCLASSIFIED_RANK : RANK[policy];
}
