// What kind of address an outbound request would connect to, decided from the address alone
// (no connection, no DNS): the SSRF guard (guard.ts) refuses everything but public unicast
// unless an administrator allowed the address's network.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved'
  | 'metadata';

export interface AddressClass {
  kind: AddressKind;
  /** The IPv4 address an IPv6 one embeds (mapped, NAT64, 6to4) when the kind was decided by it. */
  embedded?: string;
}

/** Cloud instance-metadata endpoints (AWS, ECS, GCP/Azure share 169.254.169.254; Alibaba; Oracle; AWS IPv6). */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.169.253',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fd00:ec2::253',
];

interface Range {
  base: bigint;
  prefix: number;
  kind: AddressKind;
}

// Most specific first: the first range that holds the address decides.
const V4_RANGES: Range[] = [
  v4('255.255.255.255', 32, 'broadcast'),
  v4('0.0.0.0', 8, 'unspecified'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('10.0.0.0', 8, 'private'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.168.0.0', 16, 'private'),
  // Carrier-grade NAT (RFC 6598): inside a provider's network, never the public internet.
  v4('100.64.0.0', 10, 'private'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'reserved'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'reserved'),
  v4('203.0.113.0', 24, 'reserved'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

const V6_RANGES: Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  // Local-use NAT64 (RFC 8215): translated inside the site.
  v6('64:ff9b:1::', 48, 'private'),
  v6('100::', 64, 'reserved'),
  // Teredo hides its IPv4 server and client (obfuscated); never a download server.
  v6('2001::', 32, 'reserved'),
  v6('2001:db8::', 32, 'reserved'),
  v6('fc00::', 7, 'private'),
  v6('fec0::', 10, 'private'),
  v6('fe80::', 10, 'link-local'),
  v6('ff00::', 8, 'multicast'),
];

/** Prefixes whose low bits carry an IPv4 address: classified as that address. */
const V6_EMBEDDING: { base: bigint; prefix: number; shift: bigint }[] = [
  { base: parseV6('::ffff:0:0'), prefix: 96, shift: 0n },
  { base: parseV6('64:ff9b::'), prefix: 96, shift: 0n },
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD in bits 16..48.
  { base: parseV6('2002::'), prefix: 16, shift: 80n },
  // IPv4-compatible (deprecated): ::a.b.c.d.
  { base: parseV6('::'), prefix: 96, shift: 0n },
];

const GLOBAL_UNICAST_V6 = v6('2000::', 3, 'public');

/** `127.0.0.1` → loopback; `::ffff:169.254.169.254` → metadata (embedded 169.254.169.254); `example` → null (not an address). */
export function classifyAddress(address: string): AddressClass | null {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return { kind: classifyV4(parseV4(text)) };
  if (!isIPv6(text) || text.includes('%')) return null;
  const value = parseV6(text);
  if (METADATA_V6.has(value)) return { kind: 'metadata' };
  for (const range of V6_RANGES) if (inRange(value, range, 128)) return { kind: range.kind };
  for (const embedding of V6_EMBEDDING) {
    if (!inRange(value, embedding, 128)) continue;
    const v4value = (value >> embedding.shift) & 0xffffffffn;
    return { kind: classifyV4(v4value), embedded: formatV4(v4value) };
  }
  return { kind: inRange(value, GLOBAL_UNICAST_V6, 128) ? 'public' : 'reserved' };
}

const METADATA_V4 = new Set(METADATA_ADDRESSES.filter((a) => isIPv4(a)).map(parseV4));
const METADATA_V6 = new Set(METADATA_ADDRESSES.filter((a) => isIPv6(a)).map(parseV6));

function classifyV4(value: bigint): AddressKind {
  if (METADATA_V4.has(value)) return 'metadata';
  for (const range of V4_RANGES) if (inRange(value, range, 32)) return range.kind;
  return 'public';
}

function inRange(value: bigint, range: { base: bigint; prefix: number }, bits: number): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.base >> shift;
}

function v4(address: string, prefix: number, kind: AddressKind): Range {
  return { base: parseV4(address), prefix, kind };
}

function v6(address: string, prefix: number, kind: AddressKind): Range {
  return { base: parseV6(address), prefix, kind };
}

function parseV4(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function formatV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** `2001:db8::1`, `::ffff:192.0.2.7` (syntax already checked by isIPv6) → 128-bit value. */
function parseV6(address: string): bigint {
  let text = address.toLowerCase();
  // The last 32 bits may be written as IPv4, e.g. "::ffff:192.0.2.7".
  const dotted = /[\d.]+$/.exec(text)?.[0];
  if (dotted && isIPv4(dotted)) {
    const value = parseV4(dotted);
    text = `${text.slice(0, -dotted.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}
