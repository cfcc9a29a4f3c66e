// JSON Web Tokens: three base64url parts whose first two decode to JSON objects.
import type { InfoleakDetector } from '../types.ts';

export const JWT: InfoleakDetector = {
  name: 'jwt',
  kind: 'jwts',
  version: 1,
  keywords: ['eyj'],
  // eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl (header {"alg":"HS256"})
  pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  secret: true,
  validate: (m) => {
    const [header, claims] = m[0].split('.').map(decode);
    if (!header || !claims) return undefined;
    return { value: m[0], details: { header: JSON.stringify(header), claims: JSON.stringify(claims) } };
  },
  samples: {
    positive: ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl'],
    negative: ['eyJhbGciOiJIUzI1NiJ9.eyJub3QganNvbg.sig', 'eyJ.eyJ.x'],
  },
};

function decode(part: string | undefined): object | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
