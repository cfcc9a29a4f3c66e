// Telegram bot tokens: numeric bot id : AA + 33 base64url characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const TELEGRAM_BOT_TOKEN: InfoleakDetector = {
  name: 'telegram-bot-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: [':aa'],
  // 5305120984:AAZEmmfcCaXmh-bJ14iGvgjN5j5lN4Dl2rS
  pattern: /\b[0-9]{8,10}:AA[0-9A-Za-z_-]{33}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['TELEGRAM_TOKEN=5305120984:AAZEmmfcCaXmh-bJ14iGvgjN5j5lN4Dl2rS', 'TELEGRAM_TOKEN=5806755172:AAwIekghHbQzctdvicfTthDfGyV0_nanLY4'],
    negative: ['TELEGRAM_TOKEN=5xxxxxxxxx:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '12:AAtPwS5y2aGWmisD8A3_JoyWayKMCXlGTrk'],
  },
};
