// Hugging Face tokens: user access tokens hf_ + 34 letters, and the older organisation API
// tokens api_org_ + 34 letters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const HUGGINGFACE_TOKEN: InfoleakDetector = {
  name: 'huggingface-token',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['hf_', 'api_org_'],
  // 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 ; 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
  pattern: /\b(hf|api_org)_[A-Za-z]{34}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] === 'hf' ? 'user' : 'organization' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['HF_TOKEN=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', 'HF_TOKEN=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', 'HUGGINGFACE_ORG_TOKEN=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'],
    negative: ['HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'hf_BbkPetjXqHDBXxybLApi', 'my_api_org_aJrLAGVdXzFMExiVhiQPSPauDwJMxngipX'],
  },
};
