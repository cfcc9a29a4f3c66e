// Slack tokens: xoxb- bot, xoxp- user, xoxa- app, xoxr- refresh; numeric team/user ids then a random part.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SLACK_TOKEN: InfoleakDetector = {
  name: 'slack-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['xoxb-', 'xoxa-', 'xoxp-', 'xoxr-'],
  // xoxb-86645326842-369829795715-Zjz47MD2ZRVcTdoH80AvCRfI
  pattern: /\bxox([abpr])-(?:[0-9]{8,13}-){1,3}[0-9A-Za-z]{24,34}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: { a: 'app', b: 'bot', p: 'user', r: 'refresh' }[m[1] ?? ''] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SLACK_BOT_TOKEN=xoxb-86645326842-369829795715-Zjz47MD2ZRVcTdoH80AvCRfI', 'SLACK_BOT_TOKEN=xoxb-01187813758-558226097187-NWivpAUU4i0vhMe43FHOsJZq'],
    negative: ['SLACK_BOT_TOKEN=xoxb-xxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx', 'xoxb-123-abc', 'xoxs-not-a-token'],
  },
};
