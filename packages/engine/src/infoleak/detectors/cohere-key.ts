// Cohere API keys: 40 base62 characters with no prefix of their own, so only after a label naming Cohere (COHERE_API_KEY=, or CO_API_KEY=, the SDK's variable).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';
import { isWordChar, reachBackStarts } from '../starts.ts';

export const COHERE_KEY: InfoleakDetector = {
  name: 'cohere-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['cohere', 'co_api_key'],
  // CO_API_KEY=VexglZp0iqcpolDD75Hq0U2D86EHY5GTF4Z7dNwf
  pattern: /\b(?:[\w.-]{0,20}cohere[\w.-]{0,20}|CO_API_KEY)["']?[ \t]*[:=][ \t]*["']?([0-9A-Za-z]{40})(?![0-9A-Za-z])/gi,
  // At most 20 of [\w.-] before "cohere"; CO_API_KEY opens its match.
  starts: (text) => reachBackStarts(text, /c(?=ohere|o_api_key)/gi, 20, (c) => isWordChar(c) || c === 0x2e || c === 0x2d),
  secret: true,
  // Random keys mix letters and digits; words and identifiers after the label do not.
  validate: (m) => (/[0-9]/.test(m[1] ?? '') && /[A-Za-z]/.test(m[1] ?? '') ? token(m[1] ?? '') : undefined),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['CO_API_KEY=VexglZp0iqcpolDD75Hq0U2D86EHY5GTF4Z7dNwf', 'cohere.api_key = "VexglZp0iqcpolDD75Hq0U2D86EHY5GTF4Z7dNwf"'],
    negative: ['VexglZp0iqcpolDD75Hq0U2D86EHY5GTF4Z7dNwf', 'COHERE_MODEL=commandRPlusLatestMultilingualVersionAbc', 'ECO_API_KEY=VexglZp0iqcpolDD75Hq0U2D86EHY5GTF4Z7dNwf'],
  },
};
