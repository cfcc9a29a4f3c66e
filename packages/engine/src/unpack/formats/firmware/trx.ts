// TRX (Broadcom/OpenWrt router firmware): `HDR0`, total length, CRC32, flags and
// version, then 3 (v1) or 4 (v2) partition offsets from the header's start
// (typically loader, kernel, root file system). Each partition runs to the next
// non-zero offset or to the end; it is written as is and detected next round.
import { crc32 } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';

const HEADER = 28;

export const trx: Unpacker = {
  name: 'firmware/trx',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from('HDR0', 'latin1') }],
  async identify(head, reader) {
    if (head.length < HEADER + 4 || head.toString('latin1', 0, 4) !== 'HDR0') return null;
    const length = head.readUInt32LE(4);
    const version = head.readUInt16LE(14);
    if ((version !== 1 && version !== 2) || length < HEADER || length > reader.size) return null;
    const offsets = partitionOffsets(head);
    if (offsets.length === 0 || offsets.some((o) => o < HEADER || o >= length)) return null;
    return { start: 0, end: length };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const head = await reader.read(chunk.start, 32);
  await checkCrc(ctx, head.readUInt32LE(8));
  const offsets = partitionOffsets(head);
  for (const [i, offset] of offsets.entries()) {
    if (sink.stopped) return;
    const end = chunk.start + (offsets[i + 1] ?? chunk.end - chunk.start);
    await sink.file(`partition-${i}`, () => reader.stream(chunk.start + offset, end), {}, signal);
  }
}

/** Non-zero partition offsets, in order (v2 has a fourth slot). */
function partitionOffsets(head: Buffer): number[] {
  const slots = head.readUInt16LE(14) === 2 ? 4 : 3;
  const out: number[] = [];
  for (let i = 0; i < slots; i++) {
    const offset = head.readUInt32LE(16 + 4 * i);
    if (offset !== 0) out.push(offset);
  }
  return out.every((o, i) => i === 0 || o > (out[i - 1] ?? 0)) ? out : [];
}

/** CRC32 over flags..end; firmware tools store it with or without the final inversion. */
async function checkCrc(ctx: ExtractContext, stored: number): Promise<void> {
  let crc = 0;
  for await (const piece of ctx.reader.stream(ctx.chunk.start + 12, ctx.chunk.end)) crc = crc32(piece as Buffer, crc);
  if (crc !== stored && (~crc >>> 0) !== stored) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'checksum-mismatch', message: `TRX CRC32 does not match the header's 0x${stored.toString(16)}` });
  }
}
