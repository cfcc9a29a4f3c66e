// HashiCorp Terraform Cloud / Enterprise API tokens: 14 characters .atlasv1. 60-70 characters.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const TERRAFORM_TOKEN: InfoleakDetector = {
  name: 'terraform-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['atlasv1'],
  // EydKcakchnw9WY.atlasv1.xMjfvnBuK6DI4mfsaThqyHaSk11YdR5QZkz6dJsRTqxhRX9ayx-lvZ0q1r3R88vDd6p
  pattern: /\b[0-9A-Za-z]{14}\.atlasv1\.[0-9A-Za-z_=-]{60,70}(?![0-9A-Za-z_=-])/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['token = "EydKcakchnw9WY.atlasv1.xMjfvnBuK6DI4mfsaThqyHaSk11YdR5QZkz6dJsRTqxhRX9ayx-lvZ0q1r3R88vDd6p"', 'token = "DEC2EZFGuIyaZm.atlasv1.BBNjLupKr8d71hE7KiLaBrK4yB9ihYMlna90ChIwSOoCON-_Q7np372ZBfIUAfLcFT2"'],
    negative: ['token = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'abc.atlasv1.def'],
  },
};
