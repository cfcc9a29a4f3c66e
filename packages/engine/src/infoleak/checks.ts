// Validation helpers shared by detectors: checksums some token formats carry, and the
// decoy test for placeholder-looking values.
import { crc32 } from 'node:zlib';
import { DECOY_VALUES, type Detected } from './types.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** CRC32 as 6 base62 digits: the checksum of GitHub (ghp_) and npm (npm_) tokens over their random part. */
export function base62Crc32(text: string): string {
  let out = '';
  for (let v = crc32(text) >>> 0; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(6, '0');
}

/** Placeholders and documentation values: EXAMPLE, xxxx runs, 0000/1234 runs, too few distinct characters. */
export function looksFake(value: string): boolean {
  if (DECOY_VALUES.has(value) || /example|x{6,}|0{8,}|12345678|abcdefgh|^your[_-]|placeholder|changeme|<[^>]*>/i.test(value)) return true;
  return new Set(value).size < Math.min(8, Math.ceil(value.length / 3));
}

/** The usual result of a token detector: the value, marked a decoy when it looks fake. */
export function token(value: string, details?: Detected['details']): Detected {
  return { value, ...(details ? { details } : {}), ...(looksFake(value) ? { decoy: true } : {}) };
}

/** A base64 / base64url part decoded as a JSON object, or undefined. */
export function jsonPart(part: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** BIP-173 bech32 checksum of `hrp1data` (case-insensitive), as age secret keys use. */
export function bech32Valid(text: string): boolean {
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || lower.length - sep < 7) return false;
  const values: number[] = [];
  for (const c of lower.slice(0, sep)) values.push(c.charCodeAt(0) >> 5);
  values.push(0);
  for (const c of lower.slice(0, sep)) values.push(c.charCodeAt(0) & 31);
  for (const c of lower.slice(sep + 1)) {
    const v = BECH32.indexOf(c);
    if (v < 0) return false;
    values.push(v);
  }
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i] ?? 0;
  }
  return chk === 1;
}

/**
 * Marvin32 (Microsoft's seeded checksum, as in its identifiable-secret formats), folded to 32 bits:
 * the high word XOR the low word of the 64-bit state. Little-endian words, 0x80 end marker.
 */
export function marvin32(data: Uint8Array, seed: bigint): number {
  let p0 = Number(seed & 0xffffffffn);
  let p1 = Number(seed >> 32n);
  const block = (): void => {
    p1 = (p1 ^ p0) >>> 0;
    p0 = rotl(p0, 20);
    p0 = (p0 + p1) >>> 0;
    p1 = rotl(p1, 9);
    p1 = (p1 ^ p0) >>> 0;
    p0 = rotl(p0, 27);
    p0 = (p0 + p1) >>> 0;
    p1 = rotl(p1, 19);
  };
  const whole = data.length & ~3;
  for (let i = 0; i < whole; i += 4) {
    p0 = (p0 + ((data[i] ?? 0) | ((data[i + 1] ?? 0) << 8) | ((data[i + 2] ?? 0) << 16) | ((data[i + 3] ?? 0) << 24))) >>> 0;
    block();
  }
  // The 1-3 trailing bytes, then the 0x80 marker byte after them.
  let tail = 0x80 << (8 * (data.length - whole));
  for (let i = whole; i < data.length; i++) tail |= (data[i] ?? 0) << (8 * (i - whole));
  p0 = (p0 + (tail >>> 0)) >>> 0;
  block();
  block();
  return (p1 ^ p0) >>> 0;
}

function rotl(value: number, shift: number): number {
  return ((value << shift) | (value >>> (32 - shift))) >>> 0;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32 (either case, no padding) to bytes; trailing bits that do not fill a byte are dropped. */
export function base32Bytes(text: string): Buffer | undefined {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of text.toLowerCase()) {
    const v = BASE32.indexOf(c);
    if (v < 0) return undefined;
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}
