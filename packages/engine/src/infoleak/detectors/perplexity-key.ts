// Perplexity API keys: pplx- + 48 base62 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const PERPLEXITY_KEY: InfoleakDetector = {
  name: 'perplexity-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pplx-'],
  // PERPLEXITY_API_KEY=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
  pattern: /\bpplx-[0-9A-Za-z]{48}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['PERPLEXITY_API_KEY=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'],
    negative: ['pplx-qipgBVYcx69yhAqkA1Wfxoa8', 'pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
};
