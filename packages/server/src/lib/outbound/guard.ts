// The SSRF guard's decision for one address: public unicast passes; loopback, private,
// link-local and reserved addresses pass only inside a network an administrator allowed;
// metadata, multicast, broadcast and unspecified addresses never pass.
import { BlockList, isIPv4 } from 'node:net';
import { type AddressKind, classifyAddress } from './classify.ts';

/** A network in canonical form, as modules/api-keys/cidr.ts parses it. */
export interface AllowedNetwork {
  family: 'ipv4' | 'ipv6';
  address: string;
  prefix: number;
}

const NEVER_ALLOWED: ReadonlySet<AddressKind> = new Set(['metadata', 'multicast', 'broadcast', 'unspecified']);

const KIND_TEXT: Record<AddressKind, string> = {
  public: 'a public address',
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  metadata: 'a cloud metadata address',
};

export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** Builds the check once per request from the administrator's list (Account → Outbound networks). */
export function addressGuard(allowed: readonly AllowedNetwork[]): (address: string, host: string) => void {
  const list = new BlockList();
  for (const network of allowed) list.addSubnet(network.address, network.prefix, network.family);
  const inside = (address: string) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  return (address, host) => {
    const found = classifyAddress(address);
    if (!found) throw new OutboundRefusedError(`${host} did not resolve to an IP address.`);
    if (found.kind === 'public') return;
    const named = host === address ? `The address ${address}` : `${host} resolves to ${address}, which`;
    const what = `${KIND_TEXT[found.kind]}${found.embedded ? ` (it embeds ${found.embedded})` : ''}`;
    if (NEVER_ALLOWED.has(found.kind)) throw new OutboundRefusedError(`${named} is ${what}; requests to it are never made.`);
    const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
    if (inside(address) || (found.embedded !== undefined && inside(found.embedded)) || (isIPv4(mapped) && inside(mapped))) return;
    throw new OutboundRefusedError(`${named} is ${what}; requests to it are refused unless an administrator allows its network (Account → Outbound networks).`);
  };
}
