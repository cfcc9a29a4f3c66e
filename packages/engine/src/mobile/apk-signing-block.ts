// The APK Signing Block (https://source.android.com/docs/security/features/apksigning/v2):
// `size u64, pairs (u64 length, u32 id, value)..., size u64, "APK Sig Block 42"`, right
// before the zip central directory. For scheme v2/v3/v3.1 pairs the certificates are read:
// value = length-prefixed signers; signer = length-prefixed signed data, ...; signed data =
// length-prefixed digests, length-prefixed certificates (each length-prefixed DER), ...
// All lengths are u32 little-endian. Bounded: pair values over MAX_VALUE are not read.
import { findDirectory } from '../unpack/layouts/zip-directory.ts';
import type { Reader } from '../util/reader.ts';

// IDs of the signing block's pairs (apksig's ApkSigningBlockUtils).
const BLOCK_SCHEMES = new Map([
  [0x7109871a, 'v2'],
  [0xf05368c0, 'v3'],
  [0x1b93ad61, 'v3.1'],
]);
const BLOCK_MAGIC = 'APK Sig Block 42';
const MAX_BLOCK_PAIRS = 64;
const MAX_VALUE = 4 * 1024 * 1024;
const MAX_ITEMS = 64;

export interface SigningBlock {
  /** Schemes present, in block order: `v2`, `v3`, `v3.1`. */
  schemes: string[];
  /** DER certificates per scheme (signers' certificate chains, in order). */
  certificates: { scheme: string; der: Buffer }[];
}

export async function readSigningBlock(reader: Reader): Promise<SigningBlock> {
  const block: SigningBlock = { schemes: [], certificates: [] };
  const dir = await findDirectory(reader);
  if (!dir || dir.offset < 32) return block;
  const tail = await reader.read(dir.offset - 24, 24);
  if (tail.length < 24 || tail.toString('latin1', 8) !== BLOCK_MAGIC) return block;
  const blockSize = Number(tail.readBigUInt64LE(0));
  const start = dir.offset - blockSize - 8;
  if (!Number.isSafeInteger(start) || start < 0) return block;
  let at = start + 8;
  for (let i = 0; i < MAX_BLOCK_PAIRS && at + 12 <= dir.offset - 24; i++) {
    const head = await reader.read(at, 12);
    if (head.length < 12) break;
    const length = Number(head.readBigUInt64LE(0));
    if (!Number.isSafeInteger(length) || length < 4) break;
    const scheme = BLOCK_SCHEMES.get(head.readUInt32LE(8));
    if (scheme) {
      block.schemes.push(scheme);
      if (length - 4 <= MAX_VALUE) {
        const value = await reader.read(at + 12, length - 4);
        for (const der of signerCertificates(value)) block.certificates.push({ scheme, der });
      }
    }
    at += 8 + length;
  }
  return block;
}

/** The certificates of every signer of a v2/v3 scheme value; what is malformed is skipped. */
export function signerCertificates(value: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const signers = prefixed(value, 0);
  if (!signers) return out;
  for (const signer of sequence(signers)) {
    const signedData = prefixed(signer, 0);
    if (!signedData) continue;
    const digests = prefixed(signedData, 0);
    const certificates = digests ? prefixed(signedData, 4 + digests.length) : undefined;
    if (certificates) out.push(...sequence(certificates));
  }
  return out;
}

/** Items of a sequence of length-prefixed values, at most MAX_ITEMS. */
function sequence(buf: Buffer): Buffer[] {
  const items: Buffer[] = [];
  for (let at = 0; at + 4 <= buf.length && items.length < MAX_ITEMS; ) {
    const item = prefixed(buf, at);
    if (!item) break;
    items.push(item);
    at += 4 + item.length;
  }
  return items;
}

/** The u32-length-prefixed value at `at`, or undefined when it would run past the buffer. */
function prefixed(buf: Buffer, at: number): Buffer | undefined {
  if (at + 4 > buf.length) return undefined;
  const length = buf.readUInt32LE(at);
  return at + 4 + length > buf.length ? undefined : buf.subarray(at + 4, at + 4 + length);
}
