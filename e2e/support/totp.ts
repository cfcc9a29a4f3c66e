// TOTP codes (RFC 6238: HMAC-SHA-1, 6 digits, 30 s) from an otpauth:// config_url, computed
// here as an authenticator app would, independently of the server's implementation.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The base32 secret of `otpauth://totp/Binlens:ada%40example.com?secret=GEZD…&issuer=Binlens`. */
export function secretOf(configUrl: string): string {
  const secret = new URL(configUrl).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${configUrl}`);
  return secret;
}

/** The six-digit code of the 30-second step that holds `at`. */
export function totpAt(base32Secret: string, at: Date): string {
  let bits = '';
  for (const char of base32Secret.toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[19] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
