import { describe, expect, it } from 'vitest';
import { escapeText } from './escape-text.ts';

describe('escapeText', () => {
  it('keeps plain text, non-ASCII letters and U+FFFD as they are', () => {
    expect(escapeText('usr/bin/busybox')).toBe('usr/bin/busybox');
    expect(escapeText('über/日本/😀 x')).toBe('über/日本/😀 x');
    expect(escapeText('bad-\ufffd-utf8')).toBe('bad-\ufffd-utf8');
    expect(escapeText('')).toBe('');
  });

  it('escapes the C short forms and the backslash', () => {
    expect(escapeText('a\nb\tc\rd\0e\\f')).toBe('a\\nb\\tc\\rd\\0e\\\\f');
    expect(escapeText('\x1b[31mred\x1b[0m')).toBe('\\e[31mred\\e[0m');
  });

  it('escapes the other C0 controls, DEL and C1 as \\xHH', () => {
    expect(escapeText('\x01\x07\x08\x0b\x0c\x1f\x7f')).toBe('\\x01\\x07\\x08\\x0b\\x0c\\x1f\\x7f');
    // U+009B is the one-character CSI of C1: a terminal takes it as ESC [.
    expect(escapeText('\u0080\u009b2J\u009f\u00a0')).toBe('\\x80\\x9b2J\\x9f\u00a0');
  });

  it('shows lone surrogates, bidi overrides and line separators as \\u{…}', () => {
    expect(escapeText('a\ud800b\udfffc')).toBe('a\\u{d800}b\\u{dfff}c');
    expect(escapeText('\udc00\ud83d')).toBe('\\u{dc00}\\u{d83d}');
    expect(escapeText('evil\u202etxt.exe')).toBe('evil\\u{202e}txt.exe');
    expect(escapeText('a\u2028b\u2029c\ufeffd\u2066e\u2069')).toBe('a\\u{2028}b\\u{2029}c\\u{feff}d\\u{2066}e\\u{2069}');
  });

  it('leaves no control character in its output, for every code unit', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const escaped = escapeText(`x${String.fromCharCode(code)}y`);
      const units = [...escaped].map((c) => c.charCodeAt(0));
      const raw = units.filter((u) => u < 0x20 || (u >= 0x7f && u <= 0x9f) || (u >= 0x2028 && u <= 0x202e) || (u >= 0xd800 && u <= 0xdfff));
      expect(raw, `U+${code.toString(16)}`).toEqual([]);
    }
  });
});
