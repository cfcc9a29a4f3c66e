// Groq API keys: gsk_ + 52 base62 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const GROQ_KEY: InfoleakDetector = {
  name: 'groq-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['gsk_'],
  // GROQ_API_KEY=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
  pattern: /\bgsk_[0-9A-Za-z]{52}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['GROQ_API_KEY=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'],
    negative: ['gsk_re1bEWsm8bRSuRxSRNbWX7', 'GROQ_API_KEY=gsk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
};
