// age (filippo.io/age) X25519 identities: AGE-SECRET-KEY-1 + 58 bech32 characters, with the
// bech32 checksum verified.
import { bech32Valid } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const AGE_SECRET_KEY: InfoleakDetector = {
  name: 'age-secret-key',
  kind: 'asymmetric_keys',
  version: 1,
  keywords: ['age-secret-key-1'],
  // AGE-SECRET-KEY-1QQQQQ… (74 characters in all, upper case as age-keygen prints it)
  pattern: /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g,
  secret: true,
  validate: (m) => (bech32Valid(m[0]) ? { value: m[0], details: { type: 'x25519' } } : undefined),
  samples: {
    // A made-up identity (random bytes, bech32-encoded); never used anywhere.
    positive: ['# created: 2024-01-01\nAGE-SECRET-KEY-12TEZVEDXPSFD9ZGCTK2SA6YPXCY3VMMTZY730RTVPLFEQ8LJ8XSSK0YA96'],
    negative: ['AGE-SECRET-KEY-12TEZVEDXPSFD9ZGCTK2SA6YPXCY3VMMTZY730RTVPLFEQ8LJ8XSSK0YA97'],
  },
};
