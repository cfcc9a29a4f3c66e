// AWS secret access keys: 40 base64 characters. Alone they are indistinguishable from other
// base64, so one is reported only near its context: an access key id (AKIA/ASIA) or an
// aws_secret_access_key / SecretAccessKey label within 200 characters. A key may follow `=`
// directly (export AWS_SECRET_ACCESS_KEY=…), so `=` before it does not make it a base64 tail.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';
import { asciiClass, isAlphanumeric, runStarts } from '../starts.ts';

const NEAR = 200;
const BASE64 = asciiClass((c) => isAlphanumeric(c) || c === 0x2f || c === 0x2b);
// aws_secret_access_key = …, "SecretAccessKey": "…", AWS_SECRET_KEY=…, or an access key id.
const CONTEXT = /aws.?secret|secret.?access.?key|\b(?:AKIA|ASIA)[A-Z2-7]{16}\b/i;

export const AWS_SECRET_KEY: InfoleakDetector = {
  name: 'aws-secret-key',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['secret', 'akia', 'asia'],
  // aws_secret_access_key = 9drTJvcXLB89EXAMPLEkeyQf3zPW7c2HkHq8mR1vE (40 characters)
  pattern: /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
  // A match is a whole run of the class (lookbehind and lookahead), so it opens a run of 40 or more.
  starts: (text) => runStarts(text, BASE64, 40),
  secret: true,
  validate: (m) => {
    const value = m[0];
    // Real keys mix cases and digits; hex digests, words and paths do not.
    if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value) || /^[0-9a-f]+$/i.test(value) || value.includes('//')) return undefined;
    const around = m.input.slice(Math.max(0, m.index - NEAR), m.index + value.length + NEAR);
    return CONTEXT.test(around.replace(value, '')) ? token(value) : undefined;
  },
  samples: {
    // Made-up values of the right shape, never real credentials.
    positive: [
      '[default]\naws_access_key_id = AKIAZ3MSJV7WQ2KDHX4B\naws_secret_access_key = k3Rz9qLw2Tn8vXp5YbH7mJc4Fd6Gs1Ae0Ui+Ko/N',
      'export AWS_ACCESS_KEY_ID=AKIAZ3MSJV7WQ2KDHX4B\nexport AWS_SECRET_ACCESS_KEY=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',
      'ENV AWS_SECRET_ACCESS_KEY="Qh4Tn8Lw2Zx6Rv9Kb3Mc7Pd5Fg1Sj0Ye/Ua+Io3W"',
    ],
    negative: [
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'sha1 = 8f14e45fceea167a5a36dedd4bea2543b3d8e1f2, secret stays',
      'k3Rz9qLw2Tn8vXp5YbH7mJc4Fd6Gs1Ae0Ui+Ko/N without any context',
      'export AWS_SECRET_ACCESS_KEY=$SECRET_FROM_VAULT',
    ],
  },
};
