// Linear API keys: lin_api_ + 40 base62.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const LINEAR_KEY: InfoleakDetector = {
  name: 'linear-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['lin_api_'],
  // lin_api_m9ubdUg1WRKVhQZbdBD3TCkY1qJTXw3scWcPnsbo
  pattern: /\blin_api_[0-9A-Za-z]{40}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['LINEAR_API_KEY=lin_api_m9ubdUg1WRKVhQZbdBD3TCkY1qJTXw3scWcPnsbo', 'LINEAR_API_KEY=lin_api_bQ4Bvm4nPjhRVmvEoNoQ6q5Ddo2oO2HYv8F4PcWX'],
    negative: ['LINEAR_API_KEY=lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'lin_api_zQ4kKWfQxW7jeLHa6xkH'],
  },
};
