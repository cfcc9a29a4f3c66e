// U-Boot legacy image (`mkimage -A arm -T kernel -C gzip ...`): a 64-byte
// big-endian header (magic 0x27051956, header CRC32, payload size and CRC32,
// OS/arch/type/compression, 32-byte name) then the payload. Multi-file images
// (type 4) list their part sizes, zero-terminated, before the parts (each padded
// to 4 bytes). Each payload is written as is, named by type and compression; the
// next round decompresses it by its magic.
import { crc32 } from 'node:zlib';
import { Transform } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';

const HEADER = 64;
const MAGIC = 0x27051956;
const TYPE_MULTI = 4;
const MAX_PARTS = 64;

/** ih_type → name: IH_TYPE_KERNEL 2, RAMDISK 3, MULTI 4, FIRMWARE 5, SCRIPT 6, FILESYSTEM 7, FLATDT 8. */
const TYPES: Record<number, string> = { 1: 'standalone', 2: 'kernel', 3: 'ramdisk', 5: 'firmware', 6: 'script', 7: 'filesystem', 8: 'fdt' };
/** ih_comp → extension: NONE 0, GZIP 1, BZIP2 2, LZMA 3, LZO 4, LZ4 5, ZSTD 6. */
const COMPRESSION: Record<number, string> = { 0: '', 1: '.gz', 2: '.bz2', 3: '.lzma', 4: '.lzo', 5: '.lz4', 6: '.zst' };

export const uimage: Unpacker = {
  name: 'firmware/uimage',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x27, 0x05, 0x19, 0x56]) }],
  async identify(head, reader) {
    if (head.length < HEADER || head.readUInt32BE(0) !== MAGIC) return null;
    const header = Buffer.from(head.subarray(0, HEADER));
    const stored = header.readUInt32BE(4);
    header.writeUInt32BE(0, 4);
    if (crc32(header) !== stored) return null;
    const end = HEADER + head.readUInt32BE(12);
    return end <= reader.size ? { start: 0, end } : null;
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const header = await reader.read(chunk.start, HEADER);
  const type = header[30] ?? 0;
  const ext = COMPRESSION[header[31] ?? 0] ?? '.bin';
  const payload = chunk.start + HEADER;
  await checkDataCrc(ctx, payload, chunk.end, header.readUInt32BE(24));
  if (type !== TYPE_MULTI) {
    await sink.file(`${TYPES[type] ?? 'payload'}${ext}`, () => reader.stream(payload, chunk.end), {}, signal);
    return;
  }
  const sizes: number[] = [];
  let pos = payload;
  for (;;) {
    if (sizes.length > MAX_PARTS) throw new FormatError('malformed', `multi-file uImage lists more than ${MAX_PARTS} parts`, ctx.location);
    const word = await reader.read(pos, 4);
    if (word.length < 4) throw new FormatError('truncated', 'multi-file uImage size list cut short', ctx.location);
    pos += 4;
    const size = word.readUInt32BE(0);
    if (size === 0) break;
    sizes.push(size);
  }
  for (const [i, size] of sizes.entries()) {
    if (sink.stopped) return;
    const end = Math.min(pos + size, chunk.end);
    await sink.file(`part-${i}${ext}`, () => reader.stream(pos, end), {}, signal);
    if (end < pos + size) throw new FormatError('truncated', `part ${i} has ${end - pos} of ${size} bytes`, ctx.location);
    pos += Math.ceil(size / 4) * 4;
  }
}

/** The payload's CRC32 (ih_dcrc), streamed: a mismatch is a warning, the payload is still extracted. */
async function checkDataCrc(ctx: ExtractContext, start: number, end: number, stored: number): Promise<void> {
  let crc = 0;
  const meter = new Transform({
    transform(piece: Buffer, _enc, callback) {
      crc = crc32(piece, crc);
      callback();
    },
  });
  for await (const _ of ctx.reader.stream(start, end).pipe(meter)) ctx.signal.throwIfAborted();
  if (crc !== stored) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'checksum-mismatch', message: `uImage data CRC32 ${hex(crc)}, header says ${hex(stored)}` });
  }
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}
