// Mistral AI API keys: 32 base62 characters with no prefix of their own, so only after a label naming Mistral (MISTRAL_API_KEY=, "mistral_key": …).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';
import { isWordChar, reachBackStarts } from '../starts.ts';

export const MISTRAL_KEY: InfoleakDetector = {
  name: 'mistral-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['mistral'],
  // MISTRAL_API_KEY=DeulGm8E6bNpTRFd9P8DeTygfg0fEtzl
  pattern: /\b[\w.-]{0,20}mistral[\w.-]{0,20}["']?[ \t]*[:=][ \t]*["']?([0-9A-Za-z]{32})(?![0-9A-Za-z])/gi,
  // At most 20 of [\w.-] before "mistral".
  starts: (text) => reachBackStarts(text, /m(?=istral)/gi, 20, (c) => isWordChar(c) || c === 0x2e || c === 0x2d),
  secret: true,
  // Random keys mix letters and digits; words and identifiers after the label do not.
  validate: (m) => (/[0-9]/.test(m[1] ?? '') && /[A-Za-z]/.test(m[1] ?? '') ? token(m[1] ?? '') : undefined),
  samples: {
    // Made-up values of the right shape (random), never real credentials.
    positive: ['MISTRAL_API_KEY=DeulGm8E6bNpTRFd9P8DeTygfg0fEtzl', 'mistral_key: "DeulGm8E6bNpTRFd9P8DeTygfg0fEtzl"'],
    negative: ['DeulGm8E6bNpTRFd9P8DeTygfg0fEtzl', 'MISTRAL_MODEL=mistralLargeLatestInstructVersions', 'MISTRAL_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1'],
  },
};
