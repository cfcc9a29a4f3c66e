// QEMU copy-on-write disk images, version 2 and 3 (qemu's docs/interop/qcow2.txt). The
// guest disk is rebuilt as one member, `disk.img`, cluster by cluster through the two-level
// table: L1 entries point at L2 tables, whose entries point at a host cluster (stored as
// is), a compressed cluster (raw deflate, or zstd when the header says so), or at nothing
// (reads as zeros). Refused with a problem: encrypted images, images whose data lives in an
// external file or whose clusters have subclusters (extended L2). A backing file is not
// followed (its path may point anywhere): its clusters read as zeros, with a warning.
import { Readable } from 'node:stream';
import { constants, inflateRawSync, zstdDecompressSync } from 'node:zlib';
import { type ExtractContext, FormatError, type Unpacker } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';

const MAGIC = 0x514649fb; // "QFI\xfb"
const OFFSET_MASK = 0x00fffffffffffe00n;
const COMPRESSED = 1n << 62n;
const ZERO_FLAG = 1n;
const INCOMPATIBLE_EXTERNAL_DATA = 1n << 2n;
const INCOMPATIBLE_EXTENDED_L2 = 1n << 4n;
/** qemu allows 512 B .. 2 MiB clusters. */
const MIN_CLUSTER_BITS = 9;
const MAX_CLUSTER_BITS = 21;
const MAX_L1_BYTES = 16 * 1024 * 1024;

interface Header {
  version: number;
  clusterBits: number;
  virtualSize: number;
  cryptMethod: number;
  l1Size: number;
  l1Offset: number;
  incompatible: bigint;
  zstd: boolean;
  backingFile: boolean;
}

export const qcow2: Unpacker = {
  name: 'disk/qcow2',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x51, 0x46, 0x49, 0xfb]) }],
  async identify(head, reader) {
    const header = parseHeader(head);
    return header ? { start: 0, end: reader.size } : null;
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, sink, signal } = ctx;
  const parsed = parseHeader(await reader.read(0, 112));
  if (!parsed) throw new FormatError('malformed', 'not a qcow2 header');
  const header: Header = parsed;
  if (header.cryptMethod !== 0) throw new FormatError('encrypted', `qcow2 image is encrypted (method ${header.cryptMethod === 1 ? 'AES' : header.cryptMethod === 2 ? 'LUKS' : header.cryptMethod}); its guest data cannot be read without the key`);
  if (header.incompatible & INCOMPATIBLE_EXTERNAL_DATA) throw new FormatError('unsupported', 'qcow2 guest data lives in an external data file, which is not part of the input');
  if (header.incompatible & INCOMPATIBLE_EXTENDED_L2) throw new FormatError('unsupported', 'qcow2 image uses extended L2 entries (subclusters)');
  if (header.backingFile) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'backing-file', message: 'qcow2 image has a backing file, which is not followed: clusters it would provide read as zeros' });
  }
  const cluster = 2 ** header.clusterBits;
  const l2Entries = cluster / 8;
  const l1 = await reader.read(header.l1Offset, header.l1Size * 8);
  if (l1.length < header.l1Size * 8) throw new FormatError('truncated', `L1 table at ${header.l1Offset} runs past the end of the image`);
  let consumed = 0;
  const clusters = Math.ceil(header.virtualSize / cluster);
  async function* guest(): AsyncGenerator<Buffer> {
    const zeros = Buffer.alloc(cluster);
    let l2: Buffer | undefined;
    let l2Index = -1;
    for (let index = 0; index < clusters; index++) {
      signal.throwIfAborted();
      const want = Math.min(cluster, header.virtualSize - index * cluster);
      const l1Index = Math.floor(index / l2Entries);
      if (l1Index !== l2Index) {
        l2Index = l1Index;
        const l2Offset = Number(l1.readBigUInt64BE(l1Index * 8) & OFFSET_MASK);
        l2 = l2Offset === 0 ? undefined : await readExact(reader, l2Offset, cluster, 'L2 table');
        consumed += l2 ? cluster : 0;
      }
      const entry = l2 ? l2.readBigUInt64BE((index % l2Entries) * 8) : 0n;
      const data = await clusterData(reader, header, entry, cluster);
      consumed += data?.length ?? 0;
      yield (data ?? zeros).subarray(0, want);
    }
  }
  await sink.file('disk.img', () => Readable.from(guest(), { objectMode: false }), { consumed: () => Math.max(consumed, 1) }, signal);
}

/** A cluster's guest bytes, or undefined for a cluster that reads as zeros. */
async function clusterData(reader: Reader, header: Header, entry: bigint, cluster: number): Promise<Buffer | undefined> {
  if (entry & COMPRESSED) {
    // Compressed descriptor: host offset in the low x bits, then (sectors - 1) of 512 bytes.
    const x = BigInt(62 - (header.clusterBits - 8));
    const offset = Number(entry & ((1n << x) - 1n));
    const sectors = Number((entry >> x) & ((1n << (62n - x)) - 1n)) + 1;
    const size = sectors * 512 - (offset % 512);
    const stored = await reader.read(offset, size);
    try {
      const options = { maxOutputLength: cluster, finishFlush: constants.Z_SYNC_FLUSH };
      const out = header.zstd ? zstdDecompressSync(stored, { maxOutputLength: cluster }) : inflateRawSync(stored, options);
      return out.length < cluster ? Buffer.concat([out, Buffer.alloc(cluster - out.length)]) : out;
    } catch (err) {
      throw new FormatError('corrupt', `compressed cluster at ${offset}: ${(err as Error).message}`);
    }
  }
  if (header.version >= 3 && entry & ZERO_FLAG) return undefined;
  const offset = Number(entry & OFFSET_MASK);
  return offset === 0 ? undefined : readExact(reader, offset, cluster, 'data cluster', true);
}

async function readExact(reader: Reader, offset: number, length: number, what: string, padTail = false): Promise<Buffer> {
  const bytes = await reader.read(offset, length);
  if (bytes.length === length) return bytes;
  // qemu does not pad the last data cluster of a file: the missing tail reads as zeros.
  if (padTail && bytes.length > 0) return Buffer.concat([bytes, Buffer.alloc(length - bytes.length)]);
  throw new FormatError('truncated', `${what} at ${offset} runs past the end of the image`);
}

function parseHeader(head: Buffer): Header | null {
  if (head.length < 72 || head.readUInt32BE(0) !== MAGIC) return null;
  const version = head.readUInt32BE(4);
  const clusterBits = head.readUInt32BE(20);
  const l1Size = head.readUInt32BE(36);
  if ((version !== 2 && version !== 3) || clusterBits < MIN_CLUSTER_BITS || clusterBits > MAX_CLUSTER_BITS || l1Size * 8 > MAX_L1_BYTES) return null;
  const v3 = version === 3 && head.length >= 104;
  const headerLength = v3 ? head.readUInt32BE(100) : 72;
  const incompatible = v3 ? head.readBigUInt64BE(72) : 0n;
  return {
    version,
    clusterBits,
    virtualSize: Number(head.readBigUInt64BE(24)),
    cryptMethod: head.readUInt32BE(32),
    l1Size,
    l1Offset: Number(head.readBigUInt64BE(40)),
    incompatible,
    // Incompatible bit 3: the compression type byte at 104 is meaningful (1 = zstd).
    zstd: v3 && (incompatible & (1n << 3n)) !== 0n && headerLength > 104 && head[104] === 1,
    backingFile: head.readBigUInt64BE(8) !== 0n,
  };
}
