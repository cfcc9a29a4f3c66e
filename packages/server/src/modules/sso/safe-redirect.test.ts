import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps local paths with their query', () => {
    expect(safeRedirect('/groups/4/applications?q=router')).toBe('/groups/4/applications?q=router');
  });

  it.each([undefined, '', 'groups/4', '//evil.example/', '/\\evil.example/', 'https://evil.example/', '/login?redirect=/x', '/\t/evil.example', '/a\nb'])(
    'sends %j home',
    (target) => {
      expect(safeRedirect(target)).toBe('/');
    },
  );
});
