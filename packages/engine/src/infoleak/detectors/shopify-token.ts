// Shopify tokens: shpat_ admin API, shpca_ custom app, shppa_ private app, shpss_ shared secret; 32 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SHOPIFY_TOKEN: InfoleakDetector = {
  name: 'shopify-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
  // 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
  pattern: /\bshp(at|ca|pa|ss)_[0-9a-fA-F]{32}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: { at: 'access', ca: 'custom-app', pa: 'private-app', ss: 'shared-secret' }[m[1] ?? ''] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SHOPIFY_TOKEN=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', 'SHOPIFY_TOKEN=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'],
    negative: ['SHOPIFY_TOKEN=shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'shpat_b6cce2bd499cdf74'],
  },
};
