import { describe, expect, it } from 'vitest';
import { customDetectors, validateCustomPattern } from './custom.ts';
import { scanBytes } from './scan-text.ts';

describe('custom patterns (RE2)', () => {
  it('validates on save: RE2 syntax only, no empty matches', () => {
    expect(validateCustomPattern('ACME-[0-9]{6}')).toBeNull();
    expect(validateCustomPattern('(a)\\1')).toBe('Invalid regular expression: /(a)\\1/u: invalid escape sequence: \\1');
    expect(validateCustomPattern('(?<=a)b')).toMatch(/invalid perl operator/);
    expect(validateCustomPattern('x*')).toBe('the pattern matches the empty string');
    expect(validateCustomPattern('')).toBe('the pattern is empty');
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
