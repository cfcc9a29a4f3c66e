// Doppler tokens: dp.pt. personal, dp.st. service, dp.sa. service account, dp.ct. CLI; 40-44 base62.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DOPPLER_TOKEN: InfoleakDetector = {
  name: 'doppler-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['dp.'],
  // dp.pt.v8y5jlQjgJVkDVcAIINv3iZ2pvdPJXWKGrEA9LhPGaT
  pattern: /\bdp\.(pt|st|sa|ct|scim|audit)\.[0-9A-Za-z]{40,44}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DOPPLER_TOKEN=dp.pt.v8y5jlQjgJVkDVcAIINv3iZ2pvdPJXWKGrEA9LhPGaT', 'DOPPLER_TOKEN=dp.pt.NOMIpnzzDpwefaK6OrVyUEaxo3wYI17w2QHV5nbrQ63'],
    negative: ['DOPPLER_TOKEN=dp.pt.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'dp.pt.xgy31BKEH4'],
  },
};
