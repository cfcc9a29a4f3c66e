// Google API keys (Maps, Firebase, Cloud): `AIza` + 35 base64url characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const GOOGLE_API_KEY: InfoleakDetector = {
  name: 'google-api-key',
  kind: 'google_cloud_keys',
  version: 1,
  keywords: ['aiza'],
  // AIzaP618he2oZ3wJt1lrGQgQnJvhF0a7G8hnaLi
  pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['"apiKey": "AIzaP618he2oZ3wJt1lrGQgQnJvhF0a7G8hnaLi"', '"apiKey": "AIzaRcrzG1lSkNgo3CIadw18ZoL2dfjx1_xWTIq"'],
    negative: ['"apiKey": "AIzaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'AIza_tooShort_123'],
  },
};
