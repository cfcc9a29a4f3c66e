// MAC addresses: six hex octets with one consistent separator (: or -). Not part of a longer
// colon run (IPv6, key fingerprints). Decoys: all-zero, broadcast, and the 01:23:45:67:89:ab
// style sequences of documentation.
import type { InfoleakDetector } from '../types.ts';

export const MAC_ADDRESS: InfoleakDetector = {
  name: 'mac-address',
  kind: 'macs',
  version: 1,
  keywords: [':', '-'],
  // hwaddress ether 00:1a:2b:3c:4d:5e ; Physical Address: 3C-52-82-1F-0A-9D
  pattern: /(?<![0-9A-Fa-f:-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![0-9A-Fa-f]|[:-][0-9A-Fa-f])/g,
  secret: false,
  validate: (m) => {
    const hex = m[0].replace(/[:-]/g, '').toLowerCase();
    const decoy = /^(0{12}|f{12}|0123456789ab|123456789abc|aabbccddeeff)$/.test(hex) || /^(..)\1{5}$/.test(hex);
    return { value: m[0].toLowerCase().replaceAll('-', ':'), ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['hwaddress ether 00:1a:2b:3c:4d:5e', 'Physical Address: 3C-52-82-1F-0A-9D'],
    negative: ['00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff', 'fingerprint 4a:5b:6c:7d:8e:9f:a0:b1:c2', 'mixed 00:1a-2b:3c:4d:5e', '01:23:45:67:89:ab'],
  },
};
