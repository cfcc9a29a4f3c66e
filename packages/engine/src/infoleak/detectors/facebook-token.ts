// Facebook (Meta) Graph API access tokens: EAA + app-specific letter + a long base62 body.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const FACEBOOK_TOKEN: InfoleakDetector = {
  name: 'facebook-token',
  kind: 'facebook_tokens',
  version: 1,
  keywords: ['eaa'],
  // EAABMcMRGK65rY91Vxegy2IY4h7xLNHJXhVsxan0LXaHenEDXFNj9FPWW4Cu…
  pattern: /\bEAA[A-Za-z0-9]{100,400}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['access_token=EAABMcMRGK65rY91Vxegy2IY4h7xLNHJXhVsxan0LXaHenEDXFNj9FPWW4CurSqIfcZ3inDzzvxUh7BMRr9qabskpz0d65WTmDaeQHAoIew3eFr9TrkiSSOXt5JSBliYIpUPBYZmTHiv7PCjutpvmftHWJ', 'access_token=EAABEEtsXTB3dWwrEEuM9a5uvG4zAdpXSs7ouXPIB81zw3kkRh5hlU3L6e0b2ETJchDGhxNvBzK0VJCA3lwQpwFvsnns5ZlZZfvJ1Fqnk6qIHlCgCYi0wYZTEWbLwVvjp3zuOlX9M7LuRCEZHqxeMIbUql'],
    negative: ['access_token=EAABxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'EAABz6KVpdD06W1I4WTYWi3o4KAgx8Df87gWguOvXU1C'],
  },
};
