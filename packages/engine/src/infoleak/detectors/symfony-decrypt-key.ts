// Symfony secrets vault decryption keys: config/secrets/<env>/<env>.decrypt.private.php holds
// `return "<key>";` where the key is libsodium's crypto_box key pair (32-byte X25519 secret, then
// its 32-byte public key) written with rawurlencode and % turned into \x. The pair must agree:
// the public half is recomputed from the secret half, so random 64-byte strings do not pass.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { InfoleakDetector } from '../types.ts';

// PKCS#8 header of a raw X25519 private key (RFC 8410), for node's key import.
const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');

export const SYMFONY_DECRYPT_KEY: InfoleakDetector = {
  name: 'symfony-decrypt-key',
  kind: 'asymmetric_keys',
  version: 1,
  keywords: ['decrypt.private'],
  // <?php // prod.decrypt.private on Mon, 01 Jan 2024 00:00:00 +0000\n\nreturn "Jl\xE752R\x85…";
  pattern: /\/\/ ?([\w-]+)\.decrypt\.private on [^\n]*\n\s*return "((?:\\x[0-9A-Fa-f]{2}|[A-Za-z0-9_.~-]){64})";/g,
  secret: true,
  validate: (m) => {
    const key = Buffer.from((m[2] ?? '').replace(/\\x([0-9A-Fa-f]{2})|./gs, (c, hex?: string) => String.fromCharCode(hex ? parseInt(hex, 16) : c.charCodeAt(0))), 'latin1');
    if (key.length !== 64 || !publicHalfMatches(key)) return undefined;
    return { value: m[2] ?? '', details: { environment: m[1] ?? '', type: 'x25519' } };
  },
  samples: {
    path: 'prod.decrypt.private.php',
    // A throw-away key pair made for this sample (PHP sodium_crypto_box_keypair, exported as Symfony's vault does).
    positive: [String.raw`<?php // prod.decrypt.private on Mon, 01 Jan 2024 00:00:00 +0000

return "Jl\xE752R\x85\xF7\xE2M\xF4\x82\xC4\x25a\xBAf\x89\x92\x80\xAD\x1C\x09\x09U4\xB3\x22\x8A\xE0\xDA\x1A\x60\x91\xE0\x20\xE3\x1F\xBA\xF8K\x2B5Ms\xB9p\x1A\x05xw\xB4\x1E-GO\x03\x00\x10\x3Fe\x27\xE2\x19";
`],
    negative: [
      // The same pair with one byte of the public half changed.
      String.raw`<?php // prod.decrypt.private on Mon, 01 Jan 2024 00:00:00 +0000

return "Jl\xE752R\x85\xF7\xE2M\xF4\x82\xC4\x25a\xBAf\x89\x92\x80\xAD\x1C\x09\x09U4\xB3\x22\x8A\xE0\xDA\x1A\x60\x91\xE0\x20\xE3\x1F\xBA\xF8K\x2B5Ms\xB9p\x1A\x05xw\xB4\x1E-GO\x03\x00\x10\x3Fe\x27\xE2\x18";
`,
      '<?php // prod.encrypt.public on Mon, 01 Jan 2024 00:00:00 +0000\n\nreturn "short";\n',
    ],
  },
};

function publicHalfMatches(key: Buffer): boolean {
  try {
    const secret = createPrivateKey({ key: Buffer.concat([X25519_PKCS8, key.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
    const x = createPublicKey(secret).export({ format: 'jwk' }).x ?? '';
    return Buffer.from(x, 'base64url').equals(key.subarray(32));
  } catch {
    return false;
  }
}
