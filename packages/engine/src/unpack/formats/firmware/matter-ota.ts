// Matter (CHIP) OTA software images (Matter Core Specification 11.21.2, "OTA Software
// Update File Format"): file identifier 0x1BEEF11E, total size (u64), header size (u32),
// all little-endian, then a Matter TLV structure (vendor and product id, software version
// and its string, payload size, optional applicable-version bounds and release notes URL,
// digest type and digest), then the payload. The payload is the member `payload`; its
// SHA-256 / SHA-512 digest is checked (a mismatch is a warning).
import { createHash } from 'node:crypto';
import { type ExtractContext, FormatError, type Unpacker } from '../../types.ts';

const FILE_IDENTIFIER = 0x1beef11e;
const PREFIX = 16;
/** The specification caps the header well below this. */
const MAX_HEADER = 64 * 1024;
/** Digest types from the IANA "Named Information Hash Algorithm Registry" the spec names. */
const DIGESTS: Record<number, string> = { 1: 'sha256', 7: 'sha384', 8: 'sha512' };

export interface OtaHeader {
  vendorId?: number;
  productId?: number;
  softwareVersion?: number;
  softwareVersionString?: string;
  payloadSize?: number;
  digestType?: number;
  digest?: Buffer;
}

export const matterOta: Unpacker = {
  name: 'firmware/matter-ota',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x1e, 0xf1, 0xee, 0x1b]) }],
  async identify(head, reader) {
    if (head.length < PREFIX || head.readUInt32LE(0) !== FILE_IDENTIFIER) return null;
    const total = Number(head.readBigUInt64LE(4));
    const headerSize = head.readUInt32LE(12);
    if (headerSize < 2 || headerSize > MAX_HEADER || total < PREFIX + headerSize) return null;
    // The TLV header is an anonymous structure: control byte 0x15.
    if (head.length > PREFIX && head[PREFIX] !== 0x15) return null;
    return { start: 0, end: Math.min(total, reader.size) };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const prefix = await reader.read(chunk.start, PREFIX);
  const headerSize = prefix.readUInt32LE(12);
  const total = Number(prefix.readBigUInt64LE(4));
  const header = parseOtaHeader(await reader.read(chunk.start + PREFIX, headerSize));
  const start = chunk.start + PREFIX + headerSize;
  const end = chunk.start + total;
  if (end > reader.size) throw new FormatError('truncated', `Matter OTA image says ${total} bytes, ${reader.size - chunk.start} are there`);
  if (header.payloadSize !== undefined && header.payloadSize !== end - start) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'malformed', message: `header's payload size ${header.payloadSize} differs from the ${end - start} bytes after it` });
  }
  await sink.file('payload', () => reader.stream(start, end), {}, signal);
  const algorithm = header.digestType === undefined ? undefined : DIGESTS[header.digestType];
  if (algorithm && header.digest) {
    const hash = createHash(algorithm);
    for await (const piece of reader.stream(start, end)) hash.update(piece as Buffer);
    if (!hash.digest().equals(header.digest)) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'checksum-mismatch', message: `payload ${algorithm} does not match the header's image digest` });
    }
  }
}

/** The header's context-tagged fields (tags 0-9 of the specification); unknown ones are skipped. */
export function parseOtaHeader(tlv: Buffer): OtaHeader {
  const out: OtaHeader = {};
  if (tlv[0] !== 0x15) throw new FormatError('malformed', 'Matter OTA header is not a TLV structure');
  for (let at = 1; at < tlv.length; ) {
    const control = tlv[at] ?? 0x18;
    if (control === 0x18) break; // end of container
    const tagControl = control >> 5;
    const type = control & 0x1f;
    // Context-specific tags (tag control 1) carry a one-byte tag; the header uses no others.
    if (tagControl !== 1) throw new FormatError('malformed', `unexpected TLV tag control ${tagControl} at ${at}`);
    const tag = tlv[at + 1] ?? 0;
    const value = readValue(tlv, at + 2, type);
    at = value.next;
    if (tag === 0 && typeof value.value === 'number') out.vendorId = value.value;
    else if (tag === 1 && typeof value.value === 'number') out.productId = value.value;
    else if (tag === 2 && typeof value.value === 'number') out.softwareVersion = value.value;
    else if (tag === 3 && Buffer.isBuffer(value.value)) out.softwareVersionString = value.value.toString('utf8');
    else if (tag === 4 && typeof value.value === 'number') out.payloadSize = value.value;
    else if (tag === 8 && typeof value.value === 'number') out.digestType = value.value;
    else if (tag === 9 && Buffer.isBuffer(value.value)) out.digest = value.value;
  }
  return out;
}

/** One TLV value: integers (element types 0-7), strings (0x0c-0x13), booleans and null. */
function readValue(tlv: Buffer, at: number, type: number): { value: number | Buffer | undefined; next: number } {
  const need = (n: number): void => {
    if (at + n > tlv.length) throw new FormatError('truncated', 'Matter OTA header TLV cut short');
  };
  if (type <= 0x07) {
    const width = 1 << (type & 3);
    need(width);
    const signed = type < 4;
    const big = width === 8 ? (signed ? tlv.readBigInt64LE(at) : tlv.readBigUInt64LE(at)) : undefined;
    const small = width === 1 ? (signed ? tlv.readInt8(at) : tlv.readUInt8(at)) : width === 2 ? (signed ? tlv.readInt16LE(at) : tlv.readUInt16LE(at)) : width === 4 ? (signed ? tlv.readInt32LE(at) : tlv.readUInt32LE(at)) : 0;
    return { value: big === undefined ? small : Number(big), next: at + width };
  }
  if (type >= 0x0c && type <= 0x13) {
    const width = 1 << (type & 3);
    need(width);
    const length = width === 1 ? tlv.readUInt8(at) : width === 2 ? tlv.readUInt16LE(at) : width === 4 ? tlv.readUInt32LE(at) : Number(tlv.readBigUInt64LE(at));
    need(width + length);
    return { value: tlv.subarray(at + width, at + width + length), next: at + width + length };
  }
  if (type === 0x08 || type === 0x09 || type === 0x14) return { value: undefined, next: at };
  if (type === 0x0a) return { value: undefined, next: at + 4 };
  if (type === 0x0b) return { value: undefined, next: at + 8 };
  throw new FormatError('malformed', `unexpected TLV element type 0x${type.toString(16)} in the Matter OTA header`);
}
