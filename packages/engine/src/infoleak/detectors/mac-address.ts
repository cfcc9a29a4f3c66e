// MAC addresses: six hex octets with one consistent separator (: or -), or Cisco's three
// dot-separated groups of four hex digits (001a.2b3c.4d5e). Not part of a longer colon or dot
// run (IPv6, key fingerprints, OIDs, version strings). A Cisco-form value of digits only is a
// MAC only after a MAC-ish word (mac, hw, ether, address, bia), else it reads as a version or
// date. Decoys: all-zero, broadcast, and the 01:23:45:67:89:ab style sequences of documentation.
import type { InfoleakDetector } from '../types.ts';
import { shiftedStarts } from '../starts.ts';

const MAC_WORD = /(mac|hw|ether|address|bia|addr)[^\n]{0,24}$/i;

export const MAC_ADDRESS: InfoleakDetector = {
  name: 'mac-address',
  kind: 'macs',
  version: 2,
  keywords: [':', '-', '.'],
  // hwaddress ether 00:1a:2b:3c:4d:5e ; Physical Address: 3C-52-82-1F-0A-9D ; Hardware is Gigabit Ethernet, address is 001a.2b3c.4d5e
  pattern:
    /(?<![0-9A-Fa-f:-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![0-9A-Fa-f]|[:-][0-9A-Fa-f])|(?<![0-9A-Za-z.])([0-9A-Fa-f]{4})\.([0-9A-Fa-f]{4})\.([0-9A-Fa-f]{4})(?![0-9A-Za-z]|\.[0-9A-Za-z])/g,
  // The first separator: 2 characters in (: or -, the same again 3 on) or 4 in (a dot, another 5 on).
  starts: (text) => shiftedStarts(text, /\.(?=[0-9A-Fa-f]{4}\.)/g, 4, shiftedStarts(text, /[:-](?=[0-9A-Fa-f]{2}[:-])/g, 2)),
  secret: false,
  validate: (m) => {
    const hex = m[0].replace(/[:.-]/g, '').toLowerCase();
    if (m[2] !== undefined && /^[0-9]+$/.test(hex) && !MAC_WORD.test(m.input.slice(Math.max(0, m.index - 40), m.index))) return undefined;
    const decoy = /^(0{12}|f{12}|0123456789ab|123456789abc|aabbccddeeff)$/.test(hex) || /^(..)\1{5}$/.test(hex);
    const value = m[2] !== undefined ? hex.replace(/(..)(?!$)/g, '$1:') : m[0].toLowerCase().replaceAll('-', ':');
    return { value, ...(m[2] !== undefined ? { details: { notation: 'cisco' } } : {}), ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['hwaddress ether 00:1a:2b:3c:4d:5e', 'Physical Address: 3C-52-82-1F-0A-9D', 'Hardware is Gigabit Ethernet, address is 001a.2b3c.4d5e (bia 001a.2b3c.4d5e)', 'mac-address-table static 0050.5684.1234 vlan 10'],
    negative: ['00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff', 'fingerprint 4a:5b:6c:7d:8e:9f:a0:b1:c2', 'mixed 00:1a-2b:3c:4d:5e', '01:23:45:67:89:ab', 'release 2023.1001.0001 built', 'oid 1.3.6.1.4.1.9.9.1234.5678.9abc', 'ffff.ffff.ffff'],
  },
};
