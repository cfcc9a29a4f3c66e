// The result of a scan of thousands of components is megabytes of JSON with the same keys
// over and over: gzip makes it about a tenth (4.0 → 0.3 MB for 2,000 components), and is
// compressed once per kept result (scans/evaluation.ts), never per request.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

export type ResultEncoding = 'identity' | 'gzip';

export const gzipBytes: (body: Buffer) => Promise<Buffer> = promisify(gzip);

/**
 * gzip when the Accept-Encoding header names it (or `*`) without `q=0`, else identity.
 * Sample: `gzip, deflate, br;q=0.9` → gzip; `gzip;q=0, *` → identity.
 */
export function resultEncoding(acceptEncoding: string | undefined): ResultEncoding {
  let named: number | undefined;
  let any: number | undefined;
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = parameters.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') named = weight;
    else if (coding === '*') any = weight;
  }
  const weight = named ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0 ? 'gzip' : 'identity';
}
