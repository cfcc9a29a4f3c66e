// The regular files of a small ustar fixture (several generated inputs packed in
// one tar so a fixture directory keeps a single input), for unit tests.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import xzDecompress from 'xz-decompress';

const BLOCK = 512;

export function tarMembers(tar: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let at = 0; at + BLOCK <= tar.length && tar[at] !== 0; ) {
    const name = tar.toString('latin1', at, at + 100).replace(/\0.*$/s, '').replace(/^\.\//, '');
    const size = parseInt(tar.toString('latin1', at + 124, at + 136), 8);
    if (tar[at + 156] === 0x30) out.set(name, tar.subarray(at + BLOCK, at + BLOCK + size));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}

/** `fixtures/unpack/<path>` (a .tar or .tar.xz) as member name → bytes. */
export async function fixtureTar(path: string): Promise<Map<string, Buffer>> {
  const packed = readFileSync(new URL(`../fixtures/unpack/${path}`, import.meta.url));
  if (!path.endsWith('.xz')) return tarMembers(packed);
  const stream = Readable.fromWeb(new xzDecompress.XzReadableStream(Readable.toWeb(Readable.from([packed]))));
  return tarMembers(Buffer.concat((await stream.toArray()) as Buffer[]));
}
