// Twilio API key SIDs (SK + 32 hex) and account SIDs (AC + 32 hex).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const TWILIO_KEY: InfoleakDetector = {
  name: 'twilio-key',
  kind: 'twilio_keys',
  version: 1,
  keywords: ['sk', 'ac'],
  // SK4f267a95ebc7b300c338fa11c826a85c
  pattern: /\b(SK|AC)[0-9a-f]{32}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] === 'SK' ? 'api-key' : 'account-sid' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['TWILIO_API_KEY=SK4f267a95ebc7b300c338fa11c826a85c', 'TWILIO_API_KEY=SK9bb395d3d7c469777f1f424e443aaf8b'],
    negative: ['TWILIO_API_KEY=SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'SKd7a1e769183af7d6558cc2ccbc958af', 'ACKe31703a6ba23a7da22ca29a1a7ce03e9'],
  },
};
