// Stripe live secret (sk_live_) and restricted (rk_live_) keys; test-mode keys are not reported.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const STRIPE_KEY: InfoleakDetector = {
  name: 'stripe-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sk_live_', 'rk_live_'],
  // sk_live_jIye1uimzafHUj59ClCfopsp
  pattern: /\b([sr]k)_live_[0-9A-Za-z]{24,99}\b/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] === 'sk' ? 'secret' : 'restricted' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['STRIPE_SECRET_KEY=sk_live_jIye1uimzafHUj59ClCfopsp', 'STRIPE_SECRET_KEY=sk_live_6Ko7jSBauOLPbgYUgP2ihzlr'],
    negative: ['STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx', 'sk_test_vcWTVeydQ4SmRu7LBb1kvzCU', 'pk_live_3Y3giTbyYl2eoxKRqM0qT9vh'],
  },
};
