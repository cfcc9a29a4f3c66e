import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { metaHeaders } from './meta-headers.ts';

describe('META- headers', () => {
  it('turns dashes back into underscores and upper-cases the keys, keeping empty values as removals', () => {
    const data = metaHeaders({ 'meta-build-id': ' 42 ', 'META-Image_Ref': 'eu.gcr.io/a:b', 'meta-gone': '', group: '7', 'x-meta-no': 'x' });
    expect([...data]).toEqual([['BUILD_ID', '42'], ['IMAGE_REF', 'eu.gcr.io/a:b'], ['GONE', '']]);
  });

  it('keeps the last of a repeated header', () => {
    expect([...metaHeaders({ 'meta-a': ['1', '2'] })]).toEqual([['A', '2']]);
  });

  it('refuses a key of other characters, a long key, a long value and too many keys', () => {
    const code = (headers: Record<string, string>) => {
      try {
        metaHeaders(headers);
        return null;
      } catch (error) {
        return error instanceof AppError ? error.code : error;
      }
    };
    expect(code({ 'meta-a.b': '1' })).toBe('api_meta_header_invalid');
    expect(code({ 'meta-': '1' })).toBe('api_meta_header_invalid');
    expect(code({ [`meta-${'k'.repeat(65)}`]: '1' })).toBe('api_meta_header_invalid');
    expect(code({ 'meta-k': 'v'.repeat(10_001) })).toBe('api_meta_header_invalid');
    expect(code(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`meta-k${i}`, 'v'])))).toBe('api_meta_headers_too_many');
    expect(code(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`meta-k${i}`, 'v'])))).toBe(null);
  });
});
