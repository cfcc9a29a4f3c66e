// LangSmith (LangChain) API keys: lsv2_ + pt (personal) or sk (service) + _ + 32 hex + _ + 10 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const LANGSMITH_KEY: InfoleakDetector = {
  name: 'langsmith-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['lsv2_'],
  // LANGSMITH_API_KEY=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
  pattern: /\blsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['LANGSMITH_API_KEY=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'],
    negative: ['lsv2_pt_8d7526cf0e320b7b_09853306cc', 'lsv2_xx_8d7526cf0e320b7bd1b8ce299247db87_09853306cc'],
  },
};
