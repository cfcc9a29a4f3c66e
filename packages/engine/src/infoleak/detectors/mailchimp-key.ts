// Mailchimp API keys: 32 hex + -us<datacenter>.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';
import { shiftedStarts } from '../starts.ts';

export const MAILCHIMP_KEY: InfoleakDetector = {
  name: 'mailchimp-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['-us'],
  // 03acc6cf0d90b4c951c9c6f92511c49c-us21
  pattern: /\b[0-9a-f]{32}-us[0-9]{1,2}\b/g,
  starts: (text) => shiftedStarts(text, /-(?=us)/g, 32),
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['MAILCHIMP_KEY=03acc6cf0d90b4c951c9c6f92511c49c-us21', 'MAILCHIMP_KEY=ac58dc3cf8e8ef74c5aaae23d32ccfdb-us21'],
    negative: ['MAILCHIMP_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-us21', '51301ab5230edc36c3bc621b76e9cc5-us21'],
  },
};
