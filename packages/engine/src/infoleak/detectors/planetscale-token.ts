// PlanetScale service tokens, passwords and OAuth tokens: pscale_tkn_, pscale_pw_, pscale_oauth_.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const PLANETSCALE_TOKEN: InfoleakDetector = {
  name: 'planetscale-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pscale_'],
  // pscale_pw_LjQ1Dbahlp2isuFIcFO6oM9qzDl5r_Hk1xfrIlS-Bh6
  pattern: /\bpscale_(tkn|pw|oauth)_[0-9A-Za-z_.-]{32,64}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: { tkn: 'token', pw: 'password', oauth: 'oauth' }[m[1] ?? ''] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DATABASE_PASSWORD=pscale_pw_LjQ1Dbahlp2isuFIcFO6oM9qzDl5r_Hk1xfrIlS-Bh6', 'DATABASE_PASSWORD=pscale_pw_8PPyV9qJs-TBujTQCF5Xt1XMaVhJIWzrKcocFkzFbw9'],
    negative: ['DATABASE_PASSWORD=pscale_pw_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'pscale_pw_short'],
  },
};
