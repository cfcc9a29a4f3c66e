import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/groups/4/applications?offset=25', '/groups/4/applications?offset=25'],
    ['//evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['/login?redirect=/x', '/'],
  ])('%j → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
