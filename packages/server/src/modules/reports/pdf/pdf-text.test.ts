import { describe, expect, it } from 'vitest';
import { printable, wrapLines } from './pdf-text.ts';

/** One unit of width per character: lines are measured in characters. */
const chars = { widthOfString: (text: string) => text.length };

describe('printable', () => {
  it('keeps Latin-1, turns typographic punctuation into ASCII and the rest into ?', () => {
    expect(printable('Müller’s “zlib” – 1.2…')).toBe('Müller\'s "zlib" - 1.2...');
    expect(printable('压缩 😀\tend\r\nnext')).toBe('?? ? end next');
    expect(printable('e\u0301')).toBe('é');
  });
});

describe('wrapLines', () => {
  it('breaks at spaces and path separators, inside a word where it must', () => {
    expect(wrapLines(chars, 'alpha beta gamma', 11, 3)).toEqual(['alpha beta', 'gamma']);
    expect(wrapLines(chars, 'fw.bin:rootfs:usr/lib/libz.so', 14, 3)).toEqual(['fw.bin:rootfs:', 'usr/lib/', 'libz.so']);
    expect(wrapLines(chars, 'abcdefghij', 4, 3)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('ends the last allowed line with ... when the text goes on', () => {
    expect(wrapLines(chars, 'one two three four five', 9, 2)).toEqual(['one two', 'three...']);
    expect(wrapLines(chars, 'abcdefghijklmnop', 6, 1)).toEqual(['abc...']);
    expect(wrapLines(chars, '', 6, 1)).toEqual(['']);
  });
});
