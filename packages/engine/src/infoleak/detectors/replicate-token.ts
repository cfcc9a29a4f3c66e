// Replicate API tokens: r8_ + 37 base62 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const REPLICATE_TOKEN: InfoleakDetector = {
  name: 'replicate-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['r8_'],
  // REPLICATE_API_TOKEN=r8_PelmFkuErKq8luS4SeLYzv2lynErp7qJVj39Q
  pattern: /\br8_[0-9A-Za-z]{37}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['REPLICATE_API_TOKEN=r8_PelmFkuErKq8luS4SeLYzv2lynErp7qJVj39Q'],
    negative: ['r8_PelmFkuErKq8luS4', 'r8_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
};
