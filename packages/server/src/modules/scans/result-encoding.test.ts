import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipBytes, resultEncoding } from './result-encoding.ts';

describe('result encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br;q=1.0, GZIP;q=0.5', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['deflate, br', 'identity'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0, *', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=nonsense', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(resultEncoding(header)).toBe(expected);
  });

  it('compresses to what gunzip gives back', async () => {
    const body = Buffer.from(JSON.stringify({ components: Array.from({ length: 100 }, (_, i) => ({ uid: `c${i}`, vulns: [] })) }));
    const compressed = await gzipBytes(body);
    expect(compressed.length).toBeLessThan(body.length / 4);
    expect(gunzipSync(compressed).equals(body)).toBe(true);
  });
});
