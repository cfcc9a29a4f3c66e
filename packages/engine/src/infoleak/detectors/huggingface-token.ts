// Hugging Face user access tokens: hf_ + 34 letters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const HUGGINGFACE_TOKEN: InfoleakDetector = {
  name: 'huggingface-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['hf_'],
  // 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
  pattern: /\bhf_[A-Za-z]{34}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['HF_TOKEN=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', 'HF_TOKEN=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'],
    negative: ['HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'hf_BbkPetjXqHDBXxybLApi'],
  },
};
