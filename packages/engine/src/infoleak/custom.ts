// User-defined patterns (spec: custom patterns) in RE2 syntax through re2-wasm: linear
// time whatever the pattern, so a user cannot stall a scan with backtracking. A pattern
// is validated when saved (customPatternError) and compiled once per scan.
import { createRequire } from 'node:module';
import type { RE2 as Re2Class } from 're2-wasm';
import type { CustomPattern, InfoleakDetector, Pattern } from './types.ts';

export const MAX_CUSTOM_PATTERN_LENGTH = 1000;

let loaded: typeof Re2Class | undefined;

/**
 * re2-wasm's RE2, loaded at the first user pattern: loading it (and compiling its WebAssembly)
 * costs each thread ~25 ms, and most scans have no user pattern.
 */
function re2(): typeof Re2Class {
  loaded ??= (createRequire(import.meta.url)('re2-wasm') as { RE2: typeof Re2Class }).RE2;
  return loaded;
}

/** Why a pattern cannot be used; `position` (0-based, in code points) is where RE2's error is, null when it is the pattern as a whole. */
export interface CustomPatternError {
  reason: string;
  position: number | null;
}

/** Why a user pattern cannot be used, or null when it compiles as RE2 and cannot match empty. */
export function validateCustomPattern(pattern: string): string | null {
  const error = customPatternError(pattern);
  if (!error) return null;
  return error.position === null ? error.reason : `Invalid regular expression: /${pattern}/u: ${error.reason}`;
}

/**
 * What is wrong with a user pattern, or null: empty, too long, not RE2 (with where), or able to
 * match the empty string, which would make a finding at every position of every file.
 */
export function customPatternError(pattern: string): CustomPatternError | null {
  if (pattern.length === 0) return { reason: 'the pattern is empty', position: null };
  if (pattern.length > MAX_CUSTOM_PATTERN_LENGTH) return { reason: `the pattern is longer than ${MAX_CUSTOM_PATTERN_LENGTH} characters`, position: null };
  const reason = compileError(pattern);
  if (reason !== null) return { reason, position: errorPosition(pattern, reason) };
  if (matchesEmpty(pattern)) return { reason: 'the pattern matches the empty string', position: null };
  return null;
}

/** Detectors for the enabled, valid user patterns; an invalid one throws (bad configuration). */
export function customDetectors(patterns: readonly CustomPattern[]): InfoleakDetector[] {
  return patterns
    .filter((p) => p.enabled !== false)
    .map((p) => {
      const error = validateCustomPattern(p.pattern);
      if (error) throw new Error(`custom pattern ${p.id}: ${error}`);
      return {
        name: `custom/${p.id}`,
        kind: 'custom',
        version: 1,
        keywords: [''],
        pattern: new (re2())(p.pattern, 'gu') as unknown as Pattern,
        secret: true,
        samples: { positive: [], negative: [] },
      };
    });
}

/**
 * RE2's reason for refusing `pattern` without the "Invalid regular expression: /…/u: " that
 * re2-wasm puts before it (`invalid escape sequence: \1`), or null when it compiles.
 */
function compileError(pattern: string): string | null {
  try {
    new (re2())(pattern, 'u');
    return null;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const head = `Invalid regular expression: /${pattern}/u: `;
    return message.startsWith(head) ? message.slice(head.length) : message;
  }
}

/**
 * Where RE2's error is. RE2 names the offending text (`invalid escape sequence: \1`) but not
 * its offset, and parses left to right, stopping at the first error: every prefix that holds
 * the offending text whole fails with the very same reason, and no shorter prefix does. So the
 * shortest such prefix is found by bisection (about ten compiles for 1000 characters) and the
 * error is where the named text starts in it. A reason that names the whole pattern
 * (`missing ): (abc`, `unexpected ): a)b`) is placed by its kind instead: an unmatched `)` at
 * the shortest prefix refused for it, a missing `)` at the end, where one is needed.
 */
function errorPosition(pattern: string, reason: string): number {
  const chars = Array.from(pattern);
  const prefix = (n: number) => chars.slice(0, n).join('');
  const colon = reason.indexOf(': ');
  const kind = colon === -1 ? reason : reason.slice(0, colon);
  const named = colon === -1 ? '' : reason.slice(colon + 2);
  if (named === pattern) {
    if (kind === 'missing )') return chars.length;
    if (kind === 'unexpected )') return shortest(chars.length, (n) => compileError(prefix(n))?.startsWith(`${kind}: `) === true) - 1;
  }
  const held = prefix(shortest(chars.length, (n) => compileError(prefix(n)) === reason));
  // The named text may need what follows it to be refused (`(?<` of `(?<=`): its last start counts.
  const start = named === '' ? held.length : held.lastIndexOf(named);
  return Array.from(held.slice(0, Math.max(0, start))).length;
}

/** The least n in 1..length for which `holds` is true, given that it stays true from there on (and holds at length). */
function shortest(length: number, holds: (n: number) => boolean): number {
  let low = 1;
  let high = length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return high;
}

/**
 * Whether the pattern can match the empty string anywhere. Only RE2's zero-width assertions
 * (^ $ \A \z \b \B, with (?m)) can tell one position from another, and they look only at the
 * characters on either side: so every pair of neighbours (none, a word character, a line end,
 * another character) is tried, the match anchored between them.
 */
function matchesEmpty(pattern: string): boolean {
  const re = new (re2())(pattern, 'uy');
  for (const before of NEIGHBOURS) {
    for (const after of NEIGHBOURS) {
      re.lastIndex = before.length;
      if (re.exec(before + after)?.[0] === '') return true;
    }
  }
  return false;
}

const NEIGHBOURS = ['', 'a', '\n', ' '] as const;
