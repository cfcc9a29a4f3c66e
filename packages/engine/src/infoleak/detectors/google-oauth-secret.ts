// Google OAuth client secrets: GOCSPX- + 28 base64url.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const GOOGLE_OAUTH_SECRET: InfoleakDetector = {
  name: 'google-oauth-secret',
  kind: 'oauths',
  version: 1,
  keywords: ['gocspx-'],
  // 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
  pattern: /\bGOCSPX-[0-9A-Za-z_-]{28}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['"client_secret": "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"', '"client_secret": "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"'],
    negative: ['"client_secret": "GOCSPX-xxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'GOCSPX-wGzY5yFhSg'],
  },
};
