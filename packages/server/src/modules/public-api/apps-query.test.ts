import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { parseAppsQuery } from './apps-query.ts';

describe('parseAppsQuery', () => {
  it('reads no term from an absent or blank q', () => {
    expect(parseAppsQuery(undefined)).toEqual({ meta: [], files: [], words: [] });
    expect(parseAppsQuery('   ')).toEqual({ meta: [], files: [], words: [] });
  });

  it('reads meta: terms with their keys upper-cased and - as _, values as written', () => {
    expect(parseAppsQuery('meta:build-id=Abc-12 meta:Release_Line=2.x meta:owner')).toEqual({
      meta: [
        { key: 'BUILD_ID', value: 'Abc-12' },
        { key: 'RELEASE_LINE', value: '2.x' },
        { key: 'OWNER', value: undefined },
      ],
      files: [],
      words: [],
    });
  });

  it('keeps an = inside the value and reads meta:KEY= as any value', () => {
    expect(parseAppsQuery('meta:QUERY=a=b meta:EMPTY=').meta).toEqual([
      { key: 'QUERY', value: 'a=b' },
      { key: 'EMPTY', value: undefined },
    ]);
  });

  it('reads file: terms and plain words, in order', () => {
    expect(parseAppsQuery('file:router.img firmware file:image:1.0 v2')).toEqual({ meta: [], files: ['router.img', 'image:1.0'], words: ['firmware', 'v2'] });
  });

  it('decodes a term whose colon arrived encoded twice (public-api.md §2.8)', () => {
    // Fastify decoded the query once: "file%253Aregistry%252Fimage%253A1.0" arrives as this.
    expect(parseAppsQuery('file%3Aregistry%2Fimage%3A1.0 meta%3ABUILD%3D7')).toEqual({
      meta: [{ key: 'BUILD', value: '7' }],
      files: ['registry/image:1.0'],
      words: [],
    });
  });

  it('keeps a term that is not valid percent-encoding as written', () => {
    expect(parseAppsQuery('file%3A%zz').words).toEqual(['file%3A%zz']);
  });

  it('refuses a meta: key with other characters, and more than 20 terms', () => {
    const refusal = (q: string) => {
      try {
        parseAppsQuery(q);
      } catch (error) {
        return error instanceof AppError ? [error.code, error.message] : error;
      }
      return 'accepted';
    };
    expect(refusal('meta:bad.key=1')).toEqual(['api_query_invalid', '"meta:bad.key=1": meta: takes a key of letters, digits, - or _, e.g. meta:RELEASE=2.1.']);
    expect(refusal('meta:=1')).toEqual(['api_query_invalid', '"meta:=1": meta: takes a key of letters, digits, - or _, e.g. meta:RELEASE=2.1.']);
    expect(refusal(Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '))).toEqual(['api_query_invalid', 'Search with at most 20 terms.']);
    expect(refusal(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toBe('accepted');
  });
});
