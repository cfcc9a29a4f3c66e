// GitHub tokens: `gh[pousr]_` + 30 base62 characters + a 6-character base62 CRC32 of those
// 30 (GitHub's 2021 token format; the checksum covers the random part only).
import { base62Crc32, token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const TYPES: Record<string, string> = { p: 'personal', o: 'oauth', u: 'user-to-server', s: 'server-to-server', r: 'refresh' };

export const GITHUB_TOKEN: InfoleakDetector = {
  name: 'github-token',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  // ghp_ ... (40 characters in all), e.g. in `GITHUB_TOKEN=ghp_...`; fine-grained github_pat_11A..._...
  pattern: /\b(?:gh([pousr])_([0-9A-Za-z]{30})([0-9A-Za-z]{6})|github_pat_[0-9A-Za-z]{22}_[0-9A-Za-z]{59})\b/g,
  secret: true,
  validate: (m) => {
    const [, type, body = '', check = ''] = m;
    if (type === undefined) return token(m[0], { type: 'fine-grained' });
    if (base62Crc32(body) !== check) return undefined;
    return token(m[0], { type: TYPES[type] ?? type });
  },
  samples: {
    positive: [`token: ghp_Xk9fQ2mN7vB4tR8wZ1yL5cH3jD6sA0${base62Crc32('Xk9fQ2mN7vB4tR8wZ1yL5cH3jD6sA0')}`, 'GH_TOKEN=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'],
    negative: ['ghp_Xk9fQ2mN7vB4tR8wZ1yL5cH3jD6sA0aaaaaa', 'ghp_short'],
  },
};
