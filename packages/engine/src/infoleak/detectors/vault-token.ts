// HashiCorp Vault tokens (1.10+): hvs. service, hvb. batch, hvr. recovery.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const VAULT_TOKEN: InfoleakDetector = {
  name: 'vault-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['hvs.', 'hvb.', 'hvr.'],
  // hvs.CAESIrWZm8S-AnaHyxq7C5pxUvtcrSPtpzwRtkz0X75KvexiRx3_Wpbr…
  pattern: /\bhv([sbr])\.[0-9A-Za-z_-]{90,200}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0], { type: { s: 'service', b: 'batch', r: 'recovery' }[m[1] ?? ''] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['VAULT_TOKEN=hvs.CAESIrWZm8S-AnaHyxq7C5pxUvtcrSPtpzwRtkz0X75KvexiRx3_WpbrmV4yoZweRIXA6AYDhKTTodqh4oN5AgP_4hL7xo_T2mTi', 'VAULT_TOKEN=hvs.CAESIlab3YWdDqN3TQZyTuwOkxcsEbVknusuSrj4kI246X3UGBEmVYECdyo_qaR471jk1PC6Qia_4JBijTOmPSiRefHHd6o0TGDu'],
    negative: ['VAULT_TOKEN=hvs.CAESIxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'hvs.6UM38a9CXiXrpuqO18st'],
  },
};
