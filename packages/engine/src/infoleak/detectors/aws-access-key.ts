// AWS access key ids: a 4-letter type prefix and 16 base32 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const AWS_ACCESS_KEY: InfoleakDetector = {
  name: 'aws-access-key',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['akia', 'asia', 'abia', 'acca'],
  // AKIAZ3MSJV7WQ2KDHX4B (AKIA long-term, ASIA temporary STS); base32 alphabet A-Z2-7.
  pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[0].startsWith('ASIA') ? 'temporary' : 'long-term' }),
  samples: {
    positive: ['aws_access_key_id = AKIAZ3MSJV7WQ2KDHX4B', 'export AWS_ACCESS_KEY_ID=ASIAY34FZKBOKMUTVV7A'],
    negative: ['aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 'AKIA0000000000000000', 'XAKIAZ3MSJV7WQ2KDHX4BB'],
  },
};
