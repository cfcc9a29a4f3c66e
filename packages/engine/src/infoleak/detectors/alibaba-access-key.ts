// Alibaba Cloud AccessKey ids: LTAI + 12-20 base62.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const ALIBABA_ACCESS_KEY: InfoleakDetector = {
  name: 'alibaba-access-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['ltai'],
  // LTAI5tTbqYt0vEUePM6YtIZ6
  pattern: /\bLTAI[0-9A-Za-z]{12,20}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5tTbqYt0vEUePM6YtIZ6', 'ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5tnnZwOWdqZdbpEH5QS8'],
    negative: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5txxxxxxxxxxxxxxxxxx', 'LTAIK3ueimnh'],
  },
};
