// OpenAI API keys: sk- (sk-proj-, sk-svcacct-, sk-admin-) with the base64 of "OpenAI" (T3BlbkFJ) in the middle.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const OPENAI_KEY: InfoleakDetector = {
  name: 'openai-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['t3blbkfj'],
  // sk-proj-6fS-tPnsSPtaBRhrESxX6XkGcnRgVmWjP0YVJnWvCe4qyK9pRXZY…
  pattern: /\bsk-(?:(proj|svcacct|admin)-)?[0-9A-Za-z_-]{20,150}T3BlbkFJ[0-9A-Za-z_-]{20,150}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] ?? 'user' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['OPENAI_API_KEY=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', 'OPENAI_API_KEY=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'],
    negative: ['OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxT3BlbkFJxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sk-T3BlbkFJ'],
  },
};
