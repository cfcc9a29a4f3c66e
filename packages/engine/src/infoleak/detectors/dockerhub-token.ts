// Docker Hub personal (dckr_pat_) and organisation (dckr_oat_) access tokens.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DOCKERHUB_TOKEN: InfoleakDetector = {
  name: 'dockerhub-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['dckr_pat_', 'dckr_oat_'],
  // dckr_pat_ZXdqcIHty_P05GiKyFUCOL8Psc7
  pattern: /\bdckr_(pat|oat)_[0-9A-Za-z_-]{27}(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DOCKERHUB_TOKEN=dckr_pat_ZXdqcIHty_P05GiKyFUCOL8Psc7', 'DOCKERHUB_TOKEN=dckr_pat_sE-9F3XL36cwJ0A6Vqgsmum2NMk'],
    negative: ['DOCKERHUB_TOKEN=dckr_pat_xxxxxxxxxxxxxxxxxxxxxxxxxxx', 'dckr_pat_GFBJGrlXNR'],
  },
};
