// GitHub tokens: `gh[pousr]_` + 30 base62 characters + a 6-character base62 CRC32 of those 30.
import { crc32 } from 'node:zlib';
import type { InfoleakDetector } from '../types.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const GITHUB_TOKEN: InfoleakDetector = {
  name: 'github-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  // ghp_ ... (40 characters in all), e.g. in `GITHUB_TOKEN=ghp_...`
  pattern: /\bgh([pousr])_([0-9A-Za-z]{30})([0-9A-Za-z]{6})\b/g,
  secret: true,
  validate: (m) => {
    const [, type = '', body = '', check = ''] = m;
    if (base62(crc32(`gh${type}_${body}`)) !== check) return undefined;
    return { value: m[0], details: { type: { p: 'personal', o: 'oauth', u: 'user-to-server', s: 'server-to-server', r: 'refresh' }[type] ?? type } };
  },
  samples: {
    positive: [token('p', 'Xk9fQ2mN7vB4tR8wZ1yL5cH3jD6sA0')],
    negative: ['ghp_Xk9fQ2mN7vB4tR8wZ1yL5cH3jD6sA0aaaaaa', 'ghp_short'],
  },
};

function base62(n: number): string {
  let out = '';
  for (let v = n >>> 0; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(6, '0');
}

/** A well-formed token for the samples (checksum computed, not a real credential). */
function token(type: string, body: string): string {
  return `token: gh${type}_${body}${base62(crc32(`gh${type}_${body}`))}`;
}
