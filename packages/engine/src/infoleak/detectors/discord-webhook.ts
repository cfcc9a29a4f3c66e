// Discord webhooks: https://discord.com/api/webhooks/<id>/<68-character token>.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DISCORD_WEBHOOK: InfoleakDetector = {
  name: 'discord-webhook',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['discord'],
  // https://discord.com/api/webhooks/1029809608248195756/TeKfRmo…
  pattern: /\bhttps:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[0-9A-Za-z_-]{60,80}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['webhook = "https://discord.com/api/webhooks/1029809608248195756/TeKfRmo1JYrEbiXgmGoi-jXRCA8SE0JXh7JXJr61XNY4Lb2nzcnccomnJ_21EZ9aTlhO"', 'webhook = "https://discord.com/api/webhooks/1456673766962578672/Poj0WgMKFzEptFOrsLyf0t0RhrngDnZaGoah0cV3Dr9xSB0m7Fc74OxQ66xEUR0AXFmZ"'],
    negative: ['webhook = "https://discord.com/api/webhooks/1xxxxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'https://discord.com/api/webhooks/123/abc'],
  },
};
