import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { buildTar } from '../../../test/builders/tar.ts';
import { walkTarStream } from './tar-stream.ts';

/** The tar's bytes in pieces of `size`, as a file stream would hand them. */
function pieces(bytes: Buffer, size: number): Readable {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return Readable.from(out, { objectMode: false });
}

describe('walkTarStream', () => {
  it('readWhole gives a small member in one buffer of its own, a larger one only through open', async () => {
    const big = Buffer.alloc(3000, 0x62);
    const tar = buildTar([
      { name: 'small', data: 'tiny file' },
      { name: 'empty' },
      { name: 'big', data: big },
      { name: 'after', data: 'last' },
    ]);
    const seen: [string, string][] = [];
    for await (const entry of walkTarStream(pieces(tar, 700), new AbortController().signal)) {
      const whole = await entry.readWhole(1024);
      if (whole) seen.push([entry.path, `whole ${whole.toString()}`]);
      else seen.push([entry.path, `stream ${(await buffer(entry.open())).equals(big)}`]);
    }
    expect(seen).toEqual([
      ['small', 'whole tiny file'],
      ['empty', 'whole '],
      ['big', 'stream true'],
      ['after', 'whole last'],
    ]);
  });

  it('readWhole of a member the input cuts short reads nothing: open then reports the truncation', async () => {
    const tar = buildTar([{ name: 'cut', data: 'x'.repeat(900) }]).subarray(0, 512 + 300);
    const outcome: string[] = [];
    for await (const entry of walkTarStream(pieces(tar, 100), new AbortController().signal)) {
      outcome.push(String(await entry.readWhole(4096)));
      outcome.push(await buffer(entry.open()).then(String, (err: Error) => err.message));
      break;
    }
    expect(outcome).toEqual(['undefined', 'layer tar ends with 600 bytes of a member missing']);
  });
});
