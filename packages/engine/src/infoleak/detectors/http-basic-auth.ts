// HTTP Basic credentials in headers or code: `Authorization: Basic <base64 of user:password>`.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const HTTP_BASIC_AUTH: InfoleakDetector = {
  name: 'http-basic-auth',
  kind: 'http_credentials',
  version: 1,
  keywords: ['basic '],
  // Authorization: Basic ZGVwbG95OlRyMHViNGRvcg==  (deploy:Tr0ub4dor)
  pattern: /\bBasic ([A-Za-z0-9+/]{8,300}={0,2})(?![A-Za-z0-9+/=])/g,
  secret: true,
  validate: (m) => {
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1 || colon === decoded.length - 1 || !/^[\x20-\x7e]+$/.test(decoded)) return undefined;
    const password = decoded.slice(colon + 1);
    return { value: m[1] ?? '', details: { user: decoded.slice(0, colon) }, ...(looksFake(password) || password === 'password' ? { decoy: true } : {}) };
  },
  samples: {
    positive: ['curl -H "Authorization: Basic ZGVwbG95OlRyMHViNGRvcg==" https://ci.corp'],
    negative: ['Authorization: Basic bm9jb2xvbg==', 'Basic authentication is supported', 'Authorization: Basic dXNlcjpwYXNzd29yZA=='],
  },
};
