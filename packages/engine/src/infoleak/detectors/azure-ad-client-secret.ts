// Microsoft Entra ID (Azure AD) application client secrets: 3 characters, a digit, Q~, 31-34 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const AZURE_AD_CLIENT_SECRET: InfoleakDetector = {
  name: 'azure-ad-client-secret',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['q~'],
  // zYK8Q~nZ7hAE453CEVJ9snfnqpSLvE42fHG7QLUn
  pattern: /(?<![0-9A-Za-z_~.-])[0-9A-Za-z_~.-]{3}[0-9]Q~[0-9A-Za-z_~.-]{31,34}(?![0-9A-Za-z_~.-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['AZURE_CLIENT_SECRET=zYK8Q~nZ7hAE453CEVJ9snfnqpSLvE42fHG7QLUn', 'AZURE_CLIENT_SECRET=Kua8Q~dsDJww9sKSLPir0106jQj9extSIQuuffaZ'],
    negative: ['AZURE_CLIENT_SECRET=xxx8Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'abc8Q~short'],
  },
};
