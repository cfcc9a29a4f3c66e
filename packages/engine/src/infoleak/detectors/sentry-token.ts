// Sentry user auth tokens: sntryu_ + 64 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SENTRY_TOKEN: InfoleakDetector = {
  name: 'sentry-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sntrys_', 'sntryu_'],
  // 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
  pattern: /\bsntryu_[0-9a-f]{64}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SENTRY_AUTH_TOKEN=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', 'SENTRY_AUTH_TOKEN=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'],
    negative: ['SENTRY_AUTH_TOKEN=sntryu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sntryu_6ff4fab27e5ca066d4129ab515ae5fc4'],
  },
};
