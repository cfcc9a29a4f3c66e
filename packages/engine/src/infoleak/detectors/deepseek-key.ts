// DeepSeek API keys: sk- + 32 hex characters, a shape other services share, so only after a
// label naming DeepSeek (DEEPSEEK_API_KEY=, "deepseek": {"api_key": …}).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DEEPSEEK_KEY: InfoleakDetector = {
  name: 'deepseek-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['deepseek'],
  // DEEPSEEK_API_KEY=sk-c9da5e9163325e5f9d5e05e3e02ed8b9
  pattern: /\bdeepseek[^\n]{0,40}?\b(sk-[0-9a-f]{32})\b/gi,
  secret: true,
  validate: (m) => (/^sk-[0-9a-f]{32}$/.test(m[1] ?? '') ? token(m[1] ?? '') : undefined),
  samples: {
    // A made-up value of the right shape (random), never a real credential.
    positive: ['DEEPSEEK_API_KEY=sk-c9da5e9163325e5f9d5e05e3e02ed8b9', '{"deepseek": {"api_key": "sk-c9da5e9163325e5f9d5e05e3e02ed8b9"}}'],
    negative: ['OTHER_KEY=sk-c9da5e9163325e5f9d5e05e3e02ed8b9', 'DEEPSEEK_API_KEY=sk-C9DA5E9163325E5F9D5E05E3E02ED8B9', 'DEEPSEEK_API_KEY=sk-00000000000000000000000000000000'],
  },
};
