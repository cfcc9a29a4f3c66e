// DigitalOcean tokens: dop_v1_ personal, doo_v1_ OAuth, dor_v1_ refresh; 64 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DIGITALOCEAN_TOKEN: InfoleakDetector = {
  name: 'digitalocean-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
  // dop_v1_0ec6635593f0af1ee16d055008ed2f7f4a2400c81ab0e1932abadae212af676c
  pattern: /\bdo([por])_v1_[0-9a-f]{64}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: { p: 'personal', o: 'oauth', r: 'refresh' }[m[1] ?? ''] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['token: dop_v1_0ec6635593f0af1ee16d055008ed2f7f4a2400c81ab0e1932abadae212af676c', 'token: dop_v1_4644f554986e55a5c21a25e2eeb187f7702c3d6c44c0bc0d017c4047e26eb6fb'],
    negative: ['token: dop_v1_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'dop_v1_f4bb5879b1582aeafb16d1439f5417737f06ed48f22cbe22804924ad7a73dc4'],
  },
};
