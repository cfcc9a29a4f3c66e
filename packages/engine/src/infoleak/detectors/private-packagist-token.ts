// Private Packagist tokens: packagist_ + (o)rganisation or (u)ser + (r)ead-only or (u)pdate +
// t_ + 68 hex characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const TYPES: Record<string, string> = { ort: 'organization-read', out: 'organization-update', urt: 'user-read', uut: 'user-update' };

export const PRIVATE_PACKAGIST_TOKEN: InfoleakDetector = {
  name: 'private-packagist-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['packagist_'],
  // COMPOSER_AUTH={"http-basic":{"repo.packagist.com":{"username":"token","password":"packagist_ort_0aac9f…"}}}
  pattern: /\bpackagist_([ou][ru]t)_[0-9a-f]{68}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: TYPES[m[1] ?? ''] ?? 'unknown' }),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['"password": "packagist_ort_0aac9f50946a2cb11bd772372e7b86f794aec1d30466dcef3cb22505efe8359b8052"', 'PACKAGIST_TOKEN=packagist_uut_35fd0c4ef846e43a82b44ffe12c61cfdb76e26f2f48e3ecfdc9885035fbbc280377c'],
    negative: ['packagist_ort_0aac9f50946a2cb1', 'packagist_abt_0aac9f50946a2cb11bd772372e7b86f794aec1d30466dcef3cb22505efe8359b8052', 'packagist_out_0000000000000000000000000000000000000000000000000000000000000000000'],
  },
};
