// Networks in CIDR notation: parsed and written in one canonical form (so 10.0.0.0/8 is stored
// once however it is typed), and matched with node:net's BlockList.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface Network {
  family: 'ipv4' | 'ipv6';
  /** The network address, canonical: `10.0.0.0`, `2001:db8::`. */
  address: string;
  prefix: number;
}

/** A network, or the message that says why the text is none. */
export type ParsedNetwork = { network: Network } | { error: string };

/** `10.1.0.0/16`, `2001:DB8::/32`, or a single address (`192.0.2.7` = `/32`, `::1` = `/128`). */
export function parseNetwork(text: string): ParsedNetwork {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) && !address.includes('%') ? 'ipv6' : null;
  if (!family || extra !== undefined) return { error: INVALID };
  const bits = family === 'ipv4' ? 32 : 128;
  // A prefix length is decimal digits only: "8", never "+8" or "0x8".
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return { error: INVALID };
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return { error: `The prefix length of an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} network is at most ${bits}.` };
  const value = family === 'ipv4' ? ipv4Value(address) : ipv6Value(address);
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  if ((value & hostMask) !== 0n) {
    const base = format(family, value & ~hostMask);
    return { error: `The address has bits set after the prefix; the network is ${base}/${prefix}.` };
  }
  return { network: { family, address: format(family, value), prefix } };
}

export function networkText(network: Network): string {
  return `${network.address}/${network.prefix}`;
}

/** Whether `address` (as request.ip gives it) is inside any of `networks`. */
export function insideAny(address: string, networks: readonly Network[]): boolean {
  const client = clientAddress(address);
  if (!client) return false;
  const list = new BlockList();
  for (const network of networks) list.addSubnet(network.address, network.prefix, network.family);
  return list.check(client.address, client.family);
}

const INVALID = 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.';

/** A dual-stack socket reports an IPv4 client as `::ffff:192.0.2.7`; it is matched as the IPv4 address it is. */
function clientAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
  if (isIPv4(mapped)) return { address: mapped, family: 'ipv4' };
  if (isIPv4(address)) return { address, family: 'ipv4' };
  if (isIPv6(address)) return { address, family: 'ipv6' };
  return null;
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** `2001:db8::1`, `::ffff:192.0.2.7` (isIPv6 has checked the syntax) → 128-bit value. */
function ipv6Value(address: string): bigint {
  let text = address.toLowerCase();
  // The last 32 bits may be written as IPv4, e.g. "::ffff:192.0.2.7".
  const dotted = /[\d.]+$/.exec(text)?.[0];
  if (dotted && isIPv4(dotted)) {
    const v4 = ipv4Value(dotted);
    text = `${text.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function format(family: 'ipv4' | 'ipv6', value: bigint): string {
  if (family === 'ipv4') return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt(112 - 16 * index)) & 0xffffn));
  // RFC 5952: the longest run of two or more zero groups (the first of equal ones) becomes "::".
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}
