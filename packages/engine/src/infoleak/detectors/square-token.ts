// Square access tokens (EAAA + 60, legacy sq0atp-) and OAuth secrets (sq0csp-).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const SQUARE_TOKEN: InfoleakDetector = {
  name: 'square-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['eaaa', 'sq0atp-', 'sq0csp-'],
  // EAAAQqq2ZnMYEuCuLsBJF4AQmxrxHxdAAzlLChLgsQlIVRiwqYLxqNE7VMEMnmGI
  pattern: /\b(?:EAAA[0-9A-Za-z_-]{60}|sq0atp-[0-9A-Za-z_-]{22}|sq0csp-[0-9A-Za-z_-]{43})(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['SQUARE_ACCESS_TOKEN=EAAAQqq2ZnMYEuCuLsBJF4AQmxrxHxdAAzlLChLgsQlIVRiwqYLxqNE7VMEMnmGI', 'SQUARE_ACCESS_TOKEN=EAAA22_LWcvQnI8v1F--xcNyytzijWfF5YN1wY8H40M-wBenRGSkE8epiMwJweTY'],
    negative: ['SQUARE_ACCESS_TOKEN=EAAAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'sq0atp-short'],
  },
};
