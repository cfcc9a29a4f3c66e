// JFrog Artifactory API keys: AKCp + 69 base62.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const JFROG_KEY: InfoleakDetector = {
  name: 'jfrog-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['akcp'],
  // AKCp8rcYcX1yDjXm2pRa0HOXbSau1zs8P60vyruAZ2gR4mITWiNrs4RX2r67CsrWTNyhOdRN7
  pattern: /\bAKCp[0-9A-Za-z]{69}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['ARTIFACTORY_API_KEY=AKCp8rcYcX1yDjXm2pRa0HOXbSau1zs8P60vyruAZ2gR4mITWiNrs4RX2r67CsrWTNyhOdRN7', 'ARTIFACTORY_API_KEY=AKCp8PVAEpWWaUZHr72Zfi7Yy9wz8BISQCdfPbHIWI1WZJby1YIdCj7aVHqFZEOi3hogRwHzG'],
    negative: ['ARTIFACTORY_API_KEY=AKCp8xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'AKCptxLGPiJlNHCT6tK1G8mL'],
  },
};
