// Twitter (X) app bearer tokens: 22 A then ~90 base62/percent-encoded characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const TWITTER_BEARER_TOKEN: InfoleakDetector = {
  name: 'twitter-bearer-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['aaaaaaaaaaaaaaaaaaaaa'],
  // Bearer AAAAAAAAAAAAAAAAAAAAAA4oNiBGfuVn9xWDoS1EqYnRl33CjXRA0…
  pattern: /\bA{22}[0-9A-Za-z%]{80,120}(?![0-9A-Za-z%])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['Authorization: Bearer AAAAAAAAAAAAAAAAAAAAAA4oNiBGfuVn9xWDoS1EqYnRl33CjXRA0sMn9qlG114j6Ev1ZG8Is21w1l4CwsSZoNXVGFHUgDg2S5z6DY10SvZYhO9C', 'Authorization: Bearer AAAAAAAAAAAAAAAAAAAAAAFJLDy91vE6cHa0Cin3SCY5XuSHpLGQzwIKvQcgJfHum179AQNuarktdq6LzY4f9ISVOCTLi9hqIouEAq1mVIhPrGva'],
    negative: ['Authorization: Bearer AAAAAAAAAAAAAAAAAAAAAAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'AAAAAAAAAAAAAAAAAAAAAAshort'],
  },
};
