// Contentful personal access tokens: CFPAT- + 43 base64url.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const CONTENTFUL_TOKEN: InfoleakDetector = {
  name: 'contentful-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['cfpat-'],
  // CFPAT-J3A9zpW-bxTwHwmOrLnMeT4Da4aSECpCxYOgdm2dWch
  pattern: /\bCFPAT-[0-9A-Za-z_-]{43}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-J3A9zpW-bxTwHwmOrLnMeT4Da4aSECpCxYOgdm2dWch', 'CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-eBbyNhfkJrjZpmOmOJqxoXIE1VTGeXfsro5BPBGggi-'],
    negative: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'CFPAT-9jh8dfC7pt7YSzrePsx0'],
  },
};
