// Notion integration tokens: secret_ + 43 base62 (until 2024), ntn_ + 11 digits + 35 base62.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const NOTION_TOKEN: InfoleakDetector = {
  name: 'notion-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['secret_', 'ntn_'],
  // 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
  pattern: /\b(?:secret_[0-9A-Za-z]{43}|ntn_[0-9]{11}[0-9A-Za-z]{35})\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['NOTION_TOKEN=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', 'NOTION_TOKEN=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'],
    negative: ['NOTION_TOKEN=ntn_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'secret_ZDBz9uzT5o'],
  },
};
