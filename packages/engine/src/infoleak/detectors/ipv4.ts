// IPv4 addresses in dotted-quad form, each octet 0-255 without leading zeros. Decoys:
// unspecified, loopback, broadcast and netmask-like values, the documentation ranges
// (RFC 5737), and version numbers: after "version"/"v" or a `_`/`-` (ZLIB_1.2.0.2), on a
// line that says version or compares (>= 2.2.7.1, Debian's << 2.0.10.4), before a -suffix or a
// package revision (3.6.11.1-2, 2.0.10.4+snapshot), in a Debian changelog's heading
// (`dpkg (1.15.8.6) unstable; urgency=low`), or all single-digit octets (3.5.0.0, 4.4.2.2)
// except the public resolvers 1.1.1.1, 8.8.8.8, 8.8.4.4, 9.9.9.9, 1.0.0.1. Object identifiers
// of X.500 attributes, X.509 extensions and curves (2.5.4.12, 1.3.101.110) are decoys too.
import type { InfoleakDetector } from '../types.ts';
import { reachBackStarts } from '../starts.ts';

const OCTET = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
const VERSION_BEFORE = /(?:\b(?:version|ver|release|rev|build)[\s:=_-]*|\bv|[_-])$/i;
const VERSION_LINE = /version|[<>~]=|<<|>>|\(=/i;
/** A -suffix or a package revision (not another address of a range), or the rest of a changelog heading. */
const VERSION_AFTER = /^(?:-[a-z]|-[0-9]+(?![0-9]*\.)|[+~]|\)[ \w.-]*;[ \t]*urgency=)/i;
const OBJECT_IDENTIFIER = /^(?:2\.5\.(?:4|29)|1\.3\.(?:6|14|36|101|132))\./;
const RESOLVERS = new Set(['1.1.1.1', '1.0.0.1', '8.8.8.8', '8.8.4.4', '9.9.9.9']);

export const IPV4: InfoleakDetector = {
  name: 'ipv4',
  kind: 'ips',
  version: 2,
  keywords: ['.'],
  // server = 10.20.30.40 ; listen 192.168.1.17:8080
  pattern: /(?<![0-9A-Za-z.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9]|\.[0-9])/g,
  // The first dot, after at most 3 digits, with 1-3 digits and another dot after it.
  starts: (text) => reachBackStarts(text, /\.(?=[0-9]{1,3}\.)/g, 3, (c) => c >= 0x30 && c <= 0x39),
  secret: false,
  validate: (m) => {
    const octets = m[0].split('.');
    if (!octets.every((o) => OCTET.test(o))) return undefined;
    const before = m.input.slice(Math.max(0, m.index - 12), m.index);
    const line = m.input.slice(Math.max(0, m.input.lastIndexOf('\n', m.index) + 1, m.index - 80), m.index);
    const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 64);
    const [a = 0, b = 0, c = 0] = octets.map(Number);
    const decoy =
      a === 0 || a === 127 || a >= 224 || m[0] === '255.255.255.255' || /^255\.|\.0\.0\.0$/.test(m[0]) ||
      (a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113) ||
      VERSION_BEFORE.test(before) || VERSION_LINE.test(line) || VERSION_AFTER.test(after) || OBJECT_IDENTIFIER.test(m[0]) ||
      (octets.every((o) => o.length === 1) && !RESOLVERS.has(m[0]));
    return { value: m[0], ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['server = 10.20.30.40', 'listen 192.168.1.17:8080;', 'dns 8.8.8.8', 'connected to gateway (10.20.30.1)'],
    negative: ['bind 0.0.0.0', 'host 127.0.0.1', 'version 1.2.3.4', 'v2.0.0.1', '999.1.1.1', '1.2.3.4.5', 'libfoo 1.2.3.4-beta', 'mask 255.255.255.0', 'see 192.0.2.10', 'ZLIB_1.2.0.2', 'Depends: libc6 (>= 2.2.7.1)', '"version_normalized": "3.5.0.0"', 'spec 4.4.2.2',
      'Breaks: ebtables (<< 2.0.10.4+snapshot20181205-1~)', 'gnutls28 (3.6.11.1-2) unstable; urgency=low', 'dpkg (1.15.8.6) unstable; urgency=low',
      '2.5.4.12', 'id-X25519 1.3.101.110'],
  },
};
