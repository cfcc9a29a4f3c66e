// Airtable personal access tokens: pat + 14 base62 . 64 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const AIRTABLE_TOKEN: InfoleakDetector = {
  name: 'airtable-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pat'],
  // patoZkEkkUOS6ExdB.cbcf57dc305332858eeb77249c27ec79c6c178498f93d57746b50ec1f83d9f95
  pattern: /\bpat[0-9A-Za-z]{14}\.[0-9a-f]{64}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['AIRTABLE_TOKEN=patoZkEkkUOS6ExdB.cbcf57dc305332858eeb77249c27ec79c6c178498f93d57746b50ec1f83d9f95', 'AIRTABLE_TOKEN=patptB1qVyH55UuDI.23080981f0b2e49f76671b638c768a1b89abbc6263c8a4ada9789399ef9caccd'],
    negative: ['AIRTABLE_TOKEN=patxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'patG7Iiu76uNlEy16.07f845dc38'],
  },
};
