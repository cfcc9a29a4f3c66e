// Heroku platform API keys in the 2024 HRKU- format.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const HEROKU_KEY: InfoleakDetector = {
  name: 'heroku-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['hrku-'],
  // HRKU-AAze43jiEl9mA8MVn3vAMd0_GkgZ5AMm8trAkGbqsuNumwyvs-ONsQ0QZ0tX
  pattern: /\bHRKU-(?:AA)?[0-9A-Za-z_-]{58,60}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['HEROKU_API_KEY=HRKU-AAze43jiEl9mA8MVn3vAMd0_GkgZ5AMm8trAkGbqsuNumwyvs-ONsQ0QZ0tX', 'HEROKU_API_KEY=HRKU-AAktTHzs1KzDr7DFTvS2tN12uYiGDH7AJdMvs8101nBDhNwyPSrBuTikukDZ'],
    negative: ['HEROKU_API_KEY=HRKU-AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'HRKU-short'],
  },
};
