import { type Static, Type } from 'typebox';
import { Paged, PageQuery } from '../../lib/paging.ts';
import { Text } from '../../lib/schemas.ts';

export const OutboundNetwork = Type.Object({
  id: Type.Integer(),
  network: Type.String({ description: 'CIDR, canonical: `10.0.0.0/8`, `2001:db8::/32`.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'OutboundNetwork' });
export type OutboundNetwork = Static<typeof OutboundNetwork>;

export const OutboundNetworkPage = Paged(OutboundNetwork);

export const OutboundNetworkBody = Type.Object({
  network: Text({ minLength: 1, maxLength: 64, description: 'IPv4 or IPv6 network in CIDR notation; a single address is a /32 or /128.' }),
}, { title: 'OutboundNetworkBody' });

export const OutboundNetworkListQuery = Type.Object({ ...PageQuery });
