// SendGrid API keys: SG. + 22-character id . 43-character secret.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SENDGRID_KEY: InfoleakDetector = {
  name: 'sendgrid-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sg.'],
  // 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
  pattern: /\bSG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SENDGRID_API_KEY=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', 'SENDGRID_API_KEY=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'],
    negative: ['SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'SG.fiEzDcQDoypnmlvzajCdT.1WL6tvAnfhh-MisNMZt2kCXx8TRjINTJIG_iAeKgQaq'],
  },
};
