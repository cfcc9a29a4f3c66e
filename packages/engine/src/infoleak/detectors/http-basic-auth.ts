// HTTP Basic credentials in headers, code and configuration: `Authorization: Basic <base64 of
// user:password>` in any case (`authorization: basic …`, proxy settings), decoded and checked to
// be printable user:password. Credentials in URLs (https://user:pass@host) are the url detector's.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const HTTP_BASIC_AUTH: InfoleakDetector = {
  name: 'http-basic-auth',
  kind: 'http_credentials',
  version: 2,
  keywords: ['basic '],
  // Authorization: Basic ZGVwbG95OlRyMHViNGRvcg==  (deploy:Tr0ub4dor)
  pattern: /\b[Bb][Aa][Ss][Ii][Cc] ([A-Za-z0-9+/]{8,300}={0,2})(?![A-Za-z0-9+/=])/g,
  secret: true,
  validate: (m) => {
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1 || colon === decoded.length - 1 || !/^[\x20-\x7e]+$/.test(decoded)) return undefined;
    const password = decoded.slice(colon + 1);
    return { value: m[1] ?? '', details: { user: decoded.slice(0, colon) }, ...(looksFake(password) || password === 'password' ? { decoy: true } : {}) };
  },
  samples: {
    positive: ['curl -H "Authorization: Basic ZGVwbG95OlRyMHViNGRvcg==" https://ci.corp', 'proxy_set_header authorization "basic c3ZjLWJhY2t1cDpXcTkhelQ0bUxw";'],
    negative: ['Authorization: Basic bm9jb2xvbg==', 'Basic authentication is supported', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'basic realm="Restricted"'],
  },
};
