import { describe, expect, it } from 'vitest';
import { SignatureMatcher, WINDOW } from './matcher.ts';
import type { Signature } from './types.ts';

const ZLIB: Signature = {
  id: 'zlib',
  name: 'zlib',
  vendor: 'zlib',
  cpe: 'zlib:zlib',
  purl: { type: 'generic' },
  patterns: [{ anchor: 'deflate ', regex: 'deflate (?<version>\\d+\\.\\d+\\.\\d+) Copyright 1995-\\d{4} Jean-loup Gailly' }],
  exclude: ['1\\.2\\.99'],
  samples: [],
};

describe('SignatureMatcher', () => {
  const matcher = new SignatureMatcher([ZLIB]);
  const scan = (bytes: Buffer) => matcher.scan(bytes.length, async (o, l) => bytes.subarray(o, o + l));
  // zlib 1.2.13's string, from Debian 12's libz.so.1.
  const REAL = ' deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly and Mark Adler ';

  it('reports each version once with its first offset and the matched text', async () => {
    const bytes = Buffer.concat([Buffer.alloc(100), Buffer.from(REAL), Buffer.alloc(10), Buffer.from(REAL)]);
    expect(await scan(bytes)).toEqual([{ signature: ZLIB, version: '1.2.13', offset: 101, text: 'deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly' }]);
  });

  it('confirms a string split across the 4 MiB read boundary', async () => {
    const at = 4 * 1024 * 1024 - 20;
    const bytes = Buffer.alloc(at + 200);
    bytes.write(REAL, at, 'latin1');
    expect((await scan(bytes)).map((h) => [h.version, h.offset])).toEqual([['1.2.13', at + 1]]);
    expect(WINDOW).toBeGreaterThan(REAL.length);
  });

  it('anchor without confirmation, and excluded text, give nothing', async () => {
    expect(await scan(Buffer.from('deflate stream error\0deflate 1.2.99 Copyright 1995-2022 Jean-loup Gailly'))).toEqual([]);
  });
});
