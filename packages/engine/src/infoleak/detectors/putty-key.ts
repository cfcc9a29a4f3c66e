// PuTTY private key files (.ppk, versions 2 and 3): key type, whether encrypted, comment,
// and the SHA-256 fingerprint of the public key blob (the public lines are in clear),
// as `ssh-keygen -l` and `puttygen -l` print it.
import { createHash } from 'node:crypto';
import type { InfoleakDetector } from '../types.ts';

export const PUTTY_KEY: InfoleakDetector = {
  name: 'putty-key',
  kind: 'asymmetric_keys',
  version: 1,
  keywords: ['putty-user-key-file-'],
  // PuTTY-User-Key-File-3: ssh-ed25519 / Encryption: none / Comment: … / Public-Lines: 2 / … / Private-MAC: …
  pattern: /PuTTY-User-Key-File-([23]): ([a-z0-9@.-]+)\r?\nEncryption: ([a-z0-9-]+)\r?\nComment: ([^\r\n]*)\r?\nPublic-Lines: ([0-9]{1,3})\r?\n((?:[A-Za-z0-9+/=]+\r?\n){1,64})[\s\S]{0,16384}?Private-MAC: [0-9a-f]+/g,
  secret: true,
  validate: (m) => {
    const [, version = '', type = '', encryption = '', comment = '', lines = '0', pub = ''] = m;
    const publicLines = pub.split(/\r?\n/).slice(0, Number(lines)).join('');
    const blob = Buffer.from(publicLines, 'base64');
    return {
      value: m[0],
      details: {
        format: `putty-v${version}`,
        type,
        encrypted: encryption !== 'none',
        comment,
        fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
      },
    };
  },
  samples: {
    // A throw-away ed25519 key converted by puttygen for this sample; never used anywhere.
    positive: [
      'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@build\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIGB1qJJBJtbtqyiUS7FX8Xv//rXJEki8hr2UScWf\nhW2y\nPrivate-Lines: 1\nAAAAIPOdn5CHbBEO5ye/mSbePVY0IL48WPUHDsROVuDtOxGt\nPrivate-MAC: 0c4d1f7a9b2e3c5d6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6\n',
    ],
    negative: ['PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n(truncated)', 'PuTTY-User-Key-File format notes'],
  },
};
