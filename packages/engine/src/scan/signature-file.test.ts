import { describe, expect, it } from 'vitest';
import { messageCatalog } from '../../test/message-catalog.ts';
import { hitsIn } from './signature-file.ts';
import { defaultMatcher } from './signature-stage.ts';

const ZLIB = 'zlib 1.2.13 deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly and Mark Adler';

/** hitsIn over bytes in memory, as `signature@version` strings. */
async function hitsOf(bytes: Buffer, sniff: boolean): Promise<string[] | undefined> {
  const hits = await hitsIn(defaultMatcher(), bytes.length, sniff, (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)));
  return hits?.map((hit) => `${hit.signature.id}@${hit.version}`);
}

describe('hitsIn', () => {
  it('matches a binary blob; with sniff, not a text file nor a message catalog', async () => {
    const blob = Buffer.concat([Buffer.alloc(16), Buffer.from(`${ZLIB}\0`)]);
    expect(await hitsOf(blob, true)).toEqual(['zlib@1.2.13']);
    expect(await hitsOf(Buffer.from(`${ZLIB}\n`), true)).toBeUndefined();
    const catalog = messageCatalog([[ZLIB, ZLIB]]);
    expect(await hitsOf(catalog, true)).toBeUndefined();
    // Without sniff (an executable's bytes), whatever they start with.
    expect(await hitsOf(catalog, false)).toEqual(['zlib@1.2.13']);
  });
});
