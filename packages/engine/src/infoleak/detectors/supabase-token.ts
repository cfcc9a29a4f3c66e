// Supabase personal access tokens: sbp_ + 40 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SUPABASE_TOKEN: InfoleakDetector = {
  name: 'supabase-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sbp_'],
  // sbp_eb0d0e07924d465d530c7d092030317e2142d5a8
  pattern: /\bsbp_[0-9a-f]{40}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SUPABASE_ACCESS_TOKEN=sbp_eb0d0e07924d465d530c7d092030317e2142d5a8', 'SUPABASE_ACCESS_TOKEN=sbp_03aa14d3fa72179e40f378028be9bd02f25b818c'],
    negative: ['SUPABASE_ACCESS_TOKEN=sbp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sbp_89e169bd2731d08a7fda'],
  },
};
