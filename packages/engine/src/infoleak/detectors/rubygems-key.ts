// RubyGems API keys: rubygems_ + 48 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const RUBYGEMS_KEY: InfoleakDetector = {
  name: 'rubygems-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['rubygems_'],
  // rubygems_88bb2595ec9434ccf0affa7b6cff303071186d1766699fd0
  pattern: /\brubygems_[0-9a-f]{48}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['GEM_HOST_API_KEY=rubygems_88bb2595ec9434ccf0affa7b6cff303071186d1766699fd0', 'GEM_HOST_API_KEY=rubygems_1d4235ab194aa054688d5c9623a42db4e480a58e2de29887'],
    negative: ['GEM_HOST_API_KEY=rubygems_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'rubygems_065e52e108a6e4dfd772d3a2ee99d4555efa57b3'],
  },
};
