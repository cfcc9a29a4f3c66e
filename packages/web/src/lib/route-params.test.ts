import { describe, expect, it } from 'vitest';
import { isValidId, parseId } from './route-params.ts';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    ['2147483648', Number.NaN],
    ['0', Number.NaN],
    ['-1', Number.NaN],
    ['4e2', Number.NaN],
    ['create', Number.NaN],
    ['', Number.NaN],
  ])('%j → %s', (raw, expected) => {
    expect(parseId(raw)).toBe(expected);
    expect(isValidId(parseId(raw))).toBe(!Number.isNaN(expected));
  });
});
