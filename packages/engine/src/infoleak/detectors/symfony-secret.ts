// Symfony's APP_SECRET (.env, .env.local, .env.prod, environment blocks): the key that signs
// CSRF tokens, remember-me cookies and signed URLs. Symfony's own placeholder
// (ThisTokenIsNotSoSecretChangeIt), env references and %…% parameters are decoys.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const PLACEHOLDER = /^(ThisTokenIsNotSoSecretChangeIt|ThisEnvIsNotSoSecret|!?ChangeMe!?|%.*%|\$\{.*\}|\$[A-Z_]+)$/i;

export const SYMFONY_SECRET: InfoleakDetector = {
  name: 'symfony-secret',
  kind: 'passwords',
  version: 1,
  keywords: ['app_secret'],
  // APP_SECRET=5e03acd4faa694b42f93904778018f69
  pattern: /\bAPP_SECRET[ \t]*[=:][ \t]*(?:"([^"\s]{16,128})"|'([^'\s]{16,128})'|([^\s"'#]{16,128}))/g,
  secret: true,
  validate: (m) => {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const decoy = PLACEHOLDER.test(value) || looksFake(value);
    return { value, details: { type: 'app-secret' }, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    path: '.env.local',
    positive: ['###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=5e03acd4faa694b42f93904778018f69\n###< symfony/framework-bundle ###', "environment:\n  APP_SECRET: 'kR7vN2qX9mL4tZ8w'"],
    negative: ['APP_SECRET=ThisTokenIsNotSoSecretChangeIt', 'APP_SECRET=', "secret: '%env(APP_SECRET)%'", 'APP_SECRET=${APP_SECRET_FROM_VAULT}'],
  },
};
