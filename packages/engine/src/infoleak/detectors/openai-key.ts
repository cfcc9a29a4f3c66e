// OpenAI API keys: sk- (sk-proj-, sk-svcacct-, sk-admin-) with the base64 of "OpenAI" (T3BlbkFJ)
// in the middle; and the Realtime API's ephemeral client secrets, ek_ + 32 hex, which expire
// within minutes (reported for what they reveal of a client's flow, not as lasting keys).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const OPENAI_KEY: InfoleakDetector = {
  name: 'openai-key',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['t3blbkfj', 'ek_'],
  // sk-proj-6fS-tPnsSPtaBRhrESxX6XkGcnRgVmWjP0YVJnWvCe4qyK9pRXZY…
  // ek_ffe46f6f0decc202d163cc6eb8e7d3c3
  pattern: /\bsk-(?:(proj|svcacct|admin)-)?[0-9A-Za-z_-]{20,150}T3BlbkFJ[0-9A-Za-z_-]{20,150}(?![0-9A-Za-z_-])|\bek_[0-9a-f]{32}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[0].startsWith('ek_') ? 'realtime-ephemeral' : (m[1] ?? 'user') }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['OPENAI_API_KEY=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', 'OPENAI_API_KEY=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', 'OPENAI_ADMIN_KEY=sk-admin-Qm7vT2xK9pL4wR8nZ3yH6cJ1dF5sG0aB2eU7iO4kM9tN3qW6rY1uP8zX5vC2bL0T3BlbkFJh4Nq8Lw2Zx6Rv9Kb3Mc7Pd5Fg1Sj0YeUaIo3WmT8yQ2pR6kL1vX9cZ4nB7dH0fG5sJ3', 'OPENAI_SA_KEY=sk-svcacct-Gq3Tn8Lw2Zx6Rv9Kb3Mc7Pd5Fg1Sj0YeUaIo3WmT8yQ2T3BlbkFJpR6kL1vX9cZ4nB7dH0fG5sJ3Qm7vT2xK', '{"client_secret": {"value": "ek_ffe46f6f0decc202d163cc6eb8e7d3c3", "expires_at": 1756310470}}'],
    negative: ['OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxT3BlbkFJxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sk-T3BlbkFJ', 'seek_ffe46f6f0decc202d163cc6eb8e7d3c3', 'ek_test_YWNjdF8xMDMyRDgyZVp2S1lsbzJDLEVqOHA5OTJCZlIzTlV5aXBYemttZE1WeXF6S2Y2aXI'],
  },
};
