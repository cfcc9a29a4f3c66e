import { describe, expect, it } from 'vitest';
import { createRequestLimit } from './request-limit.ts';

describe('createRequestLimit', () => {
  it('takes max requests per key in the window, then again once the oldest has left it', () => {
    let clock = 0;
    const limit = createRequestLimit({ max: 2, windowMs: 100, now: () => clock });
    expect([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([true, true, false, true]);
    clock = 99;
    expect(limit.take('a')).toBe(false);
    clock = 100;
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([true, true, false]);
  });

  it('forgets the key seen longest ago beyond maxKeys', () => {
    const limit = createRequestLimit({ max: 1, windowMs: 1000, maxKeys: 2, now: () => 0 });
    expect([limit.take('a'), limit.take('b'), limit.take('c')]).toEqual([true, true, true]);
    expect([limit.take('a'), limit.take('c')]).toEqual([true, false]);
  });
});
