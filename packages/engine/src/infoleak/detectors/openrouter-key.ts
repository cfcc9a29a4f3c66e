// OpenRouter API keys: sk-or-v1- + 64 hex characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const OPENROUTER_KEY: InfoleakDetector = {
  name: 'openrouter-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sk-or-v1-'],
  // OPENROUTER_API_KEY=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
  pattern: /\bsk-or-v1-[0-9a-f]{64}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['OPENROUTER_API_KEY=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'],
    negative: ['sk-or-v1-8c438441cca6d9d9', 'sk-or-v1-0000000000000000000000000000000000000000000000000000000000000000'],
  },
};
