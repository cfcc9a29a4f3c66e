// Pulumi access tokens: pul- + 40 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const PULUMI_TOKEN: InfoleakDetector = {
  name: 'pulumi-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pul-'],
  // pul-dd91d409f101f791ad8a103aabeda2375ce6f8d5
  pattern: /\bpul-[0-9a-f]{40}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['PULUMI_ACCESS_TOKEN=pul-dd91d409f101f791ad8a103aabeda2375ce6f8d5', 'PULUMI_ACCESS_TOKEN=pul-1d99c710b995c267165c230ce16b2723a63b5f66'],
    negative: ['PULUMI_ACCESS_TOKEN=pul-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'pul-e1d2c00e10e3d5e2bfab658b212c4cbfd18328a'],
  },
};
