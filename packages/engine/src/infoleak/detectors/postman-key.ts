// Postman API keys: PMAK- + 24 hex - 34 hex.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const POSTMAN_KEY: InfoleakDetector = {
  name: 'postman-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pmak-'],
  // PMAK-136edef256e49108a702f9a3-33645640d7d2053d4b9e4a718885faf3a9
  pattern: /\bPMAK-[0-9a-f]{24}-[0-9a-f]{34}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['POSTMAN_API_KEY=PMAK-136edef256e49108a702f9a3-33645640d7d2053d4b9e4a718885faf3a9', 'POSTMAN_API_KEY=PMAK-e3a5e4602e0b34448357b753-34af0004770eb565a7e35285530d19aaaf'],
    negative: ['POSTMAN_API_KEY=PMAK-xxxxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'PMAK-e1dd0a2fcca4881b10287a95'],
  },
};
