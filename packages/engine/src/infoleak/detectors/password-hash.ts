// Password hashes in account files: /etc/shadow and /etc/passwd lines (crypt(3) $id$ hashes,
// 13-character DES) and htpasswd lines ($apr1$, bcrypt, {SHA}). Locked or empty fields
// (!, *, !!, x) are not hashes.
import type { InfoleakDetector } from '../types.ts';

const SCHEMES: Record<string, string> = { '1': 'md5-crypt', '2a': 'bcrypt', '2b': 'bcrypt', '2y': 'bcrypt', '5': 'sha256-crypt', '6': 'sha512-crypt', y: 'yescrypt', gy: 'gost-yescrypt', '7': 'scrypt', apr1: 'apache-md5', sha1: 'sha1-crypt', md5: 'sun-md5' };

export const PASSWORD_HASH: InfoleakDetector = {
  name: 'password-hash',
  kind: 'passwords',
  version: 1,
  keywords: ['$', '{sha}', ':'],
  // root:$6$Qx3l9Vb1$Jd8...:19700:0:99999:7::: ; admin:$apr1$kX3pQ9zA$Ly2... ; svc:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=
  pattern: /^([A-Za-z0-9_][A-Za-z0-9_.@-]{0,31}\$?):(\$(1|2[aby]|5|6|y|gy|7|apr1|sha1|md5)\$[./A-Za-z0-9$=,+-]{8,200}|\{SHA\}[A-Za-z0-9+/]{27}=|[./A-Za-z0-9]{13}(?=:[0-9]*:))(?=:|\r?$)/gm,
  secret: true,
  validate: (m) => {
    const [, user = '', hash = '', scheme] = m;
    return { value: hash, details: { user, scheme: scheme ? (SCHEMES[scheme] ?? scheme) : hash.startsWith('{SHA}') ? 'sha1' : 'des-crypt' } };
  },
  samples: {
    // Hashes of throw-away passwords made for these samples (openssl passwd, htpasswd).
    positive: [
      'root:$6$Qx3l9Vb1$Jd8Kq2Wm5Zr7Tn4Lp0Yc3Vb6Hs9Fg2Ad5Ue8Io1Pa4Sd7Fg0Hj3Kl6Zx9Cv2Bn5Mq8We1Rt4Yu7Io0Pl3Ak6Sj9Dh2Fg5Hk8Lz1Xc4V:19700:0:99999:7:::',
      'admin:$apr1$kX3pQ9zA$Ly2Nw6Rt8Vb1Cx4Mz7Qs0.',
      'svc:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=',
      'olduser:Ab3dEf6hIj9lM:10000:0:99999:7:::',
    ],
    negative: ['root:x:0:0:root:/root:/bin/bash', 'daemon:*:19700:0:99999:7:::', 'nobody:!:19700::::::', 'time: 12:30:45', 'key: $6$notahash'],
  },
};
