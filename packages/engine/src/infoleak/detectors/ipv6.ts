// IPv6 addresses, validated by node:net (full, compressed and IPv4-mapped forms). At least
// three groups, so C++ scopes (a::b) and times (12:30:45) stay out. Decoys: addresses with
// fewer than two non-zero groups (::1, ::ffff:0:0), and the documentation prefix 2001:db8::/32.
import { isIPv6 } from 'node:net';
import type { InfoleakDetector } from '../types.ts';
import { isHexDigit, reachBackStarts } from '../starts.ts';

export const IPV6: InfoleakDetector = {
  name: 'ipv6',
  kind: 'ips',
  version: 1,
  keywords: [':'],
  // nameserver 2a00:1450:4001:82b::200e ; fe80::1c2d:3eff:fe4f:5a6b
  pattern: /(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:[0-9]{1,3}\.){3}[0-9]{1,3})?(?![0-9A-Za-z:])/g,
  // The first colon, after at most 4 hex digits, with another colon at most 5 on.
  starts: (text) => reachBackStarts(text, /:(?=[0-9A-Fa-f]{0,4}:)/g, 4, isHexDigit),
  secret: false,
  validate: (m) => {
    const value = m[0];
    if (!isIPv6(value) || value.split(':').filter(Boolean).length < 3) return undefined;
    const nonZero = value.split(/[:.]/).filter((g) => g !== '' && Number.parseInt(g, 16) !== 0).length;
    const decoy = nonZero < 2 || /^::ffff:127\.[0-9.]+$/i.test(value) || /^2001:0?db8:/i.test(value);
    return { value, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['nameserver 2a00:1450:4001:82b::200e', 'peer fe80::1c2d:3eff:fe4f:5a6b%eth0'],
    negative: ['std::vector::size', 'at 12:30:45', 'host ::1', 'mask ::ffff:0:0', 'doc 2001:db8::1:2', 'mac 00:1a:2b:3c:4d:5e'],
  },
};
