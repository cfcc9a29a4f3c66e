// GitLab tokens: glpat- personal, gldt- deploy, glrt- runner, glptt- trigger (20 characters, or the 2024 routable form with .01. and a suffix).
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const GITLAB_TOKEN: InfoleakDetector = {
  name: 'gitlab-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'gloas-'],
  // glpat-KqZ3dC4yc8WxCG8hnnYn
  pattern: /\b(gl(?:pat|dt|rt|ptt|cbt|oas))-[0-9A-Za-z_-]{20,64}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] ?? '' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['private_token: glpat-KqZ3dC4yc8WxCG8hnnYn', 'private_token: glpat-L_pXGl5pMUCQeHr9iCO6'],
    negative: ['private_token: glpat-xxxxxxxxxxxxxxxxxxxx', 'glpat-short'],
  },
};
