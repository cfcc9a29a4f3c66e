// Databricks personal access tokens: dapi + 32 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DATABRICKS_TOKEN: InfoleakDetector = {
  name: 'databricks-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['dapi'],
  // dapi857f8cd957e506a9ee745336b053d68c
  pattern: /\bdapi[0-9a-f]{32}(?:-[0-9])?\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DATABRICKS_TOKEN=dapi857f8cd957e506a9ee745336b053d68c', 'DATABRICKS_TOKEN=dapie85f4b985ca0270b9ef319014a40d95a'],
    negative: ['DATABRICKS_TOKEN=dapixxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'dapi745113fb314be1351356e577f85336c', 'dapiXYZ'],
  },
};
