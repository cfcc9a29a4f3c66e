// Slack incoming webhooks: https://hooks.slack.com/services/T…/B…/secret.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SLACK_WEBHOOK: InfoleakDetector = {
  name: 'slack-webhook',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['hooks.slack.com'],
  // https://hooks.slack.com/services/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
  pattern: /\bhttps:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Z0-9]{8,12}\/[A-Z0-9]{8,12}\/[A-Za-z0-9]{20,32}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['url: https://hooks.slack.com/services/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', 'url: https://hooks.slack.com/services/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'],
    negative: ['url: https://hooks.slack.com/services/Txxxxxxxxx/Bxxxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxx', 'https://hooks.slack.com/services/'],
  },
};
