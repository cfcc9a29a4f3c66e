// Whether a licence name is an SPDX licence expression (SPDX 2.3 annex D): ids or LicenseRefs
// joined by AND and OR, with WITH exceptions, a trailing + and parentheses, e.g.
// `(GPL-2.0-only WITH Classpath-exception-2.0 OR MIT) AND LicenseRef-vendor-eula`.

// An SPDX id or LicenseRef, optionally DocumentRef-qualified: `MIT`, `GPL-2.0+`, `DocumentRef-x:LicenseRef-y`.
const ID = /^(?:DocumentRef-[A-Za-z0-9.-]+:)?[A-Za-z0-9][A-Za-z0-9.-]*\+?$/;
const OPERATORS = new Set(['AND', 'OR', 'WITH']);

export function isSpdxExpression(text: string): boolean {
  // Tokens: parentheses and runs of anything else, e.g. `(MIT OR Apache-2.0)` → ( MIT OR Apache-2.0 ).
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  if (tokens.length === 0 || tokens.length > 200) return false;
  const parser = { tokens, at: 0 };
  return orExpression(parser) && parser.at === tokens.length;
}

interface Parser {
  tokens: string[];
  at: number;
}

function orExpression(p: Parser): boolean {
  return list(p, 'OR', () => list(p, 'AND', () => term(p)));
}

function list(p: Parser, operator: string, item: () => boolean): boolean {
  if (!item()) return false;
  while (p.tokens[p.at]?.toUpperCase() === operator) {
    p.at += 1;
    if (!item()) return false;
  }
  return true;
}

function term(p: Parser): boolean {
  const token = p.tokens[p.at];
  if (token === '(') {
    p.at += 1;
    if (!orExpression(p) || p.tokens[p.at] !== ')') return false;
    p.at += 1;
    return true;
  }
  if (!isId(token)) return false;
  p.at += 1;
  if (p.tokens[p.at]?.toUpperCase() === 'WITH') {
    p.at += 1;
    if (!isId(p.tokens[p.at])) return false;
    p.at += 1;
  }
  return true;
}

function isId(token: string | undefined): boolean {
  return token !== undefined && !OPERATORS.has(token.toUpperCase()) && ID.test(token);
}
