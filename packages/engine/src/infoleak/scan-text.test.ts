import { describe, expect, it } from 'vitest';
import { lineFinder, mask } from './scan-text.ts';

describe('lineFinder', () => {
  it('answers the 1-based line of each index, a newline belonging to the line it ends', () => {
    const lineOf = lineFinder('ab\ncd\n\nef');
    expect([0, 1, 2, 3, 5, 6, 7, 8].map(lineOf)).toEqual([1, 1, 1, 2, 2, 3, 4, 4]);
  });

  it('answers line 1 everywhere in text without a newline', () => {
    expect([0, 3, 100].map(lineFinder('abcd'))).toEqual([1, 1, 1]);
  });
});

describe('mask', () => {
  it('keeps four characters at each end of a long secret', () => {
    expect(mask('AKIAIOSFODNN7EXAMPLE')).toBe('AKIA************MPLE');
  });
});
