// npm access tokens (2021 format): `npm_` + 30 base62 characters + a 6-character base62
// CRC32 of those 30, the same checksum scheme as GitHub's tokens.
import { base62Crc32, token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const NPM_TOKEN: InfoleakDetector = {
  name: 'npm-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['npm_'],
  // //registry.npmjs.org/:_authToken=npm_<30 base62><6 base62 checksum>
  pattern: /\bnpm_([0-9A-Za-z]{30})([0-9A-Za-z]{6})\b/g,
  secret: true,
  validate: (m) => (base62Crc32(m[1] ?? '') === m[2] ? token(m[0]) : undefined),
  samples: {
    // A made-up body with its checksum computed; never a real token.
    positive: [`//registry.npmjs.org/:_authToken=npm_q7Wd2Lm9Zr4Tn8Kc1Vb6Xp3Hs0Jf5G${base62Crc32('q7Wd2Lm9Zr4Tn8Kc1Vb6Xp3Hs0Jf5G')}`],
    negative: ['npm_q7Wd2Lm9Zr4Tn8Kc1Vb6Xp3Hs0Jf5Gaaaaaa', 'npm_config_cache'],
  },
};
