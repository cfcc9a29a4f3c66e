// E-mail addresses (RFC 5321 dot-atom local part, a domain with a letter TLD).
import { DECOY_DOMAINS, type InfoleakDetector } from '../types.ts';
import { reachBackStarts } from '../starts.ts';

export const EMAIL: InfoleakDetector = {
  name: 'email',
  kind: 'emails',
  version: 3,
  keywords: ['@'],
  // maintainer: Jane Roe <jane.roe@corp-mail.net>
  pattern: /\b[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24})\b/g,
  // The local part: at most 64 characters of its class right before the @ (which it cannot hold),
  // and only before an @ that the pattern's domain follows (a C++ symbol's `@GLIBCXX_3.4` has none).
  starts: (text) => reachBackStarts(text, /@(?=(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}\b)/g, 64, isLocalPartChar),
  secret: false,
  attribution: true,
  validate: (m) => {
    // user:password@host inside a URL is a credential (url detector), not an address.
    if (/:\/\/[^\s/@]*:$/.test(m.input.slice(Math.max(0, m.index - 200), m.index))) return undefined;
    return DECOY_DOMAINS.test(m[1] ?? '') ? { value: m[0], decoy: true } : { value: m[0] };
  },
  samples: {
    positive: ['Maintainer: Jane Roe <jane.roe@corp-mail.net>'],
    negative: ['postgres://app:s3cr3tPw@db.internal.corp/app', 'user@example.com', 'root@localhost', 'printf("%s@%d")', 'libfoo@1.2.3'],
  },
};

/** [A-Za-z0-9._%+-] */
function isLocalPartChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2e || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
}
