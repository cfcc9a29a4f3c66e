import { describe, expect, it } from 'vitest';
import { customDetectors, customPatternError, validateCustomPattern } from './custom.ts';
import { scanBytes } from './scan-text.ts';

describe('custom patterns (RE2)', () => {
  it('validates on save: RE2 syntax only, no empty matches', () => {
    expect(validateCustomPattern('ACME-[0-9]{6}')).toBeNull();
    expect(validateCustomPattern('(a)\\1')).toBe('Invalid regular expression: /(a)\\1/u: invalid escape sequence: \\1');
    expect(validateCustomPattern('(?<=a)b')).toMatch(/invalid perl operator/);
    expect(validateCustomPattern('x*')).toBe('the pattern matches the empty string');
    expect(validateCustomPattern('')).toBe('the pattern is empty');
  });

  it.each([
    ['(a)\\1', 'invalid escape sequence: \\1', 3],
    ['a(b\\1)', 'invalid escape sequence: \\1', 3],
    ['(?=x)', 'invalid perl operator: (?=', 0],
    ['ACME-(?=x)', 'invalid perl operator: (?=', 5],
    ['xy(?<!a)b', 'invalid perl operator: (?<', 2],
    ['a{2,1}', 'invalid repetition size: {2,1}', 1],
    ['*a', 'no argument for repetition operator: *', 0],
    ['ab[z-a]', 'invalid character class range: z-a', 3],
    ['ab[cd', 'missing ]: [cd', 2],
    // A missing ) is missing at the end; an unmatched one is where it stands.
    ['(a)(b', 'missing ): (a)(b', 5],
    ['ab)c', 'unexpected ): ab)c', 2],
    // Positions count code points, as a person counts characters.
    ['é😀(?=x)', 'invalid perl operator: (?=', 2],
  ])('places RE2\'s error in %s', (pattern, reason, position) => {
    expect(customPatternError(pattern)).toEqual({ reason, position });
  });

  it.each(['x*', '\\b', 'a|\\b', '(?m)^', '$', '\\B', '(?:)', 'a?'])('refuses %s, which matches the empty string somewhere', (pattern) => {
    expect(customPatternError(pattern)).toEqual({ reason: 'the pattern matches the empty string', position: null });
  });

  it('accepts patterns that only match text, anchors and boundaries included', () => {
    for (const pattern of ['ACME-TOKEN-[0-9a-f]{8}', '\\bkey=\\w+\\b', '^token:', '(?i)secret']) expect(customPatternError(pattern)).toBeNull();
    expect(customPatternError('x'.repeat(1000))).toBeNull();
    expect(customPatternError('x'.repeat(1001))).toEqual({ reason: 'the pattern is longer than 1000 characters', position: null });
  });

  it('runs as detectors custom/<id> of kind custom, disabled ones skipped', () => {
    const detectors = customDetectors([
      { id: 'acme', pattern: 'ACME-[0-9]{6}' },
      { id: 'off', pattern: 'line', enabled: false },
    ]);
    const found = scanBytes(Buffer.from('a line\nid ACME-123456 and ACME-654321\n'), ['notes.txt'], detectors);
    expect(found.map((f) => [f.detector, f.kind, f.line, f.value, f.masked])).toEqual([
      ['custom/acme', 'custom', 2, 'ACME-123456', 'AC*******56'],
      ['custom/acme', 'custom', 2, 'ACME-654321', 'AC*******21'],
    ]);
    expect(() => customDetectors([{ id: 'bad', pattern: '(' }])).toThrow(/custom pattern bad/);
  });
});
