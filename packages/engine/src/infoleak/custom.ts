// User-defined patterns (spec: custom patterns) in RE2 syntax through re2-wasm: linear
// time whatever the pattern, so a user cannot stall a scan with backtracking. A pattern
// is validated when saved (validateCustomPattern) and compiled once per scan.
import { RE2 } from 're2-wasm';
import type { CustomPattern, InfoleakDetector, Pattern } from './types.ts';

const MAX_PATTERN = 1000;

/** Why a user pattern cannot be used, or null when it compiles as RE2 and cannot match empty. */
export function validateCustomPattern(pattern: string): string | null {
  if (pattern.length === 0) return 'the pattern is empty';
  if (pattern.length > MAX_PATTERN) return `the pattern is longer than ${MAX_PATTERN} characters`;
  try {
    const re = new RE2(pattern, 'u');
    if (re.test('')) return 'the pattern matches the empty string';
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
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
        pattern: new RE2(p.pattern, 'gu') as unknown as Pattern,
        secret: true,
        samples: { positive: [], negative: [] },
      };
    });
}
