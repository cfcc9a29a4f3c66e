// Mailgun private API keys: key- + 32 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const MAILGUN_KEY: InfoleakDetector = {
  name: 'mailgun-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['key-'],
  // key-51ed9506bde9e0a8a5fe7440f67f7084
  pattern: /\bkey-[0-9a-f]{32}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['api_key = key-51ed9506bde9e0a8a5fe7440f67f7084', 'api_key = key-670848ab97e0adc923d3d3e546c1d434'],
    negative: ['api_key = key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'key-7362479cf03173a02b6c7c8de36aee4', 'monkey-769951d2e1ebfafe933e3c267131a07c'],
  },
};
