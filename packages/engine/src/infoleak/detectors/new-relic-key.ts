// New Relic keys: NRAK- user API key, NRJS- browser, NRII- insights insert.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const NEW_RELIC_KEY: InfoleakDetector = {
  name: 'new-relic-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['nrak-', 'nrjs-', 'nrii-'],
  // NRAK-GMJJW41YVTA9PC89EX0A47Z6CFJ
  pattern: /\b(NRAK-[0-9A-Z]{27}|NRJS-[0-9a-f]{19}|NRII-[0-9A-Za-z_-]{32})\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['NEW_RELIC_API_KEY=NRAK-GMJJW41YVTA9PC89EX0A47Z6CFJ', 'NEW_RELIC_API_KEY=NRAK-ZECYAR6R023SLH1PM2PVBT9NWO6'],
    negative: ['NEW_RELIC_API_KEY=NRAK-xxxxxxxxxxxxxxxxxxxxxxxxxxx', 'NRAK-NIL8YGL7J4QUIC4LDI6Q'],
  },
};
