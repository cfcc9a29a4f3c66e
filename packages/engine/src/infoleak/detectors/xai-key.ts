// xAI (Grok) API keys: xai- + 80 base62 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const XAI_KEY: InfoleakDetector = {
  name: 'xai-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['xai-'],
  // XAI_API_KEY=xai-bOwy4ed3kwUUALyIQT3q7QWBn5jPRJSGHjVvLeskJTf06KxGz41ey7fqSocWy3y96YJAyWjGmVQJKlX1
  pattern: /\bxai-[0-9A-Za-z]{80}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['XAI_API_KEY=xai-bOwy4ed3kwUUALyIQT3q7QWBn5jPRJSGHjVvLeskJTf06KxGz41ey7fqSocWy3y96YJAyWjGmVQJKlX1'],
    negative: ['xai-bOwy4ed3kwUUALyIQT3q7QWBn5jPRJSGHjVvLeskJTf06', 'model = "xai-grok-beta"'],
  },
};
