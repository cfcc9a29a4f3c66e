// Alpine packages (apk v2): gzip streams laid end to end, each a tar cut before
// its end-of-archive blocks: the signature (`.SIGN.RSA.<key>.rsa.pub`, absent in
// unsigned packages), the control tar (`.PKGINFO`, install scripts) and the data
// tar. Plain gunzip would glue them into one tar; we keep them apart as
// `signature.tar`, `control.tar` and `data.tar` so that `.PKGINFO` is always at
// `control.tar/.PKGINFO`, and the next round unpacks each tar.
import type { Readable } from 'node:stream';
import { constants, createGunzip, gunzipSync } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { gzip } from '../compress/gzip.ts';
import { sliceReader } from '../../../carve/slice-reader.ts';
import { pipeThrough, type Reader } from '../../../util/reader.ts';

type Segment = 'signature' | 'control' | 'data';

/** Signature and control segments are kilobytes; a larger one is not an apk's. */
const MAX_META_SEGMENT = 16 * 1024 * 1024;

export const apk: Unpacker = {
  name: 'package/apk',
  version: 1,
  specialises: 'compress/gzip',
  async identify(head, reader) {
    if ((await gzip.identify(head, reader)) === null) return null;
    const inflated = firstBytesOfHead(head);
    // A head that is the whole file inflated whole: a short output is all there is.
    const kind = tarKind(inflated) ?? (inflated !== undefined && head.length === reader.size ? 'data' : await segmentKind(reader, 0));
    // Only the first segment tells: a .tar.gz starting with `.PKGINFO` is an apk too.
    return kind === 'signature' || kind === 'control' ? { start: 0, end: reader.size } : null;
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  let pos = chunk.start;
  const seen = new Set<Segment>();
  while (pos < chunk.end && !sink.stopped) {
    signal.throwIfAborted();
    const kind = await segmentKind(reader, pos);
    if (kind === undefined) throw new FormatError('malformed', `no gzip stream at ${pos}`, ctx.location);
    if (seen.has(kind) || (kind === 'signature' && seen.size > 0)) {
      throw new FormatError('malformed', `unexpected ${kind} segment at ${pos}`, ctx.location);
    }
    seen.add(kind);
    // The data tar runs to the end (gunzip joins any further streams into it);
    // the small segments before it are measured to find where the next starts.
    let end = chunk.end;
    if (kind !== 'data') {
      const length = await gzip.measure?.(sliceReader(reader, pos, chunk.end), signal);
      if (length === null || length === undefined) throw new FormatError('corrupt', `${kind} segment at ${pos} does not inflate`, ctx.location);
      if (length > MAX_META_SEGMENT) throw new FormatError('malformed', `${kind} segment of ${length} bytes`, ctx.location);
      end = pos + length;
    }
    const from = pos;
    // The ratio is taken against the input gunzip's engine has taken so far.
    let gunzip: ReturnType<typeof createGunzip> | undefined;
    const open = (): Readable => {
      gunzip = createGunzip();
      return pipeThrough(reader.stream(from, end), gunzip);
    };
    await sink.file(`${kind}.tar`, open, { compressedSize: end - from, consumed: () => gunzip?.bytesWritten ?? 0 }, signal);
    pos = end;
  }
  if (!seen.has('control')) ctx.report({ level: 'warning', location: ctx.location, code: 'malformed', message: 'apk has no control segment (.PKGINFO)' });
}

/**
 * Which segment the gzip stream at `pos` holds, from the first member name of the
 * tar inside it: `.SIGN.*` signature, `.PKGINFO` control, anything else data.
 * Undefined when no gzip stream starts there.
 */
async function segmentKind(reader: Reader, pos: number): Promise<Segment | undefined> {
  const head = await reader.read(pos, 3);
  if (head.length < 3 || head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8) return undefined;
  return tarKind(await firstBytes(reader.stream(pos, reader.size), 512)) ?? 'data';
}

/**
 * The segment a tar's first block names; undefined when `block` is shorter than a block.
 * `.SIGN.*` signature, `.PKGINFO` control, anything else (not a tar too) data.
 */
function tarKind(block: Buffer | undefined): Segment | undefined {
  if (block === undefined || block.length < 512) return undefined;
  if (block.toString('latin1', 257, 262) !== 'ustar') return 'data';
  const path = block.toString('latin1', 0, 100).replace(/\0.*$/s, '');
  // A PAX header comes first in `--format=posix` tars: `PaxHeaders.42/.PKGINFO`.
  const name = path.slice(path.lastIndexOf('/') + 1);
  // Samples: `.SIGN.RSA.alpine-devel@lists.alpinelinux.org-6165ee59.rsa.pub`, `.PKGINFO`.
  if (name.startsWith('.SIGN.')) return 'signature';
  if (name === '.PKGINFO') return 'control';
  return 'data';
}

/**
 * What the file's first bytes inflate to, in one call: nearly always a whole tar block, since
 * a tar header compresses well. Every .gz of a tree is asked whether it is an apk: a stream
 * and an inflater per file cost ~0.1 ms each. Undefined when the head does not inflate.
 */
function firstBytesOfHead(head: Buffer): Buffer | undefined {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, 512);
  } catch {
    return undefined;
  }
}

/** Up to `n` bytes of the gunzipped stream; stops inflating once it has them. */
async function firstBytes(input: ReturnType<Reader['stream']>, n: number): Promise<Buffer> {
  const gunzip = pipeThrough(input, createGunzip());
  const parts: Buffer[] = [];
  let got = 0;
  try {
    for await (const part of gunzip as AsyncIterable<Buffer>) {
      parts.push(part);
      got += part.length;
      if (got >= n) break;
    }
  } catch {
    // A corrupt stream: whatever came out before the error is all we judge by.
  } finally {
    gunzip.destroy();
  }
  return Buffer.concat(parts).subarray(0, n);
}
