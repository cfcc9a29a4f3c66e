import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OutboundNetworkRow, outboundNetworks } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface OutboundNetworksRepository {
  list(page: PageRequest): Promise<{ rows: OutboundNetworkRow[]; count: number }>;
  all(): Promise<OutboundNetworkRow[]>;
  /** The new row, or undefined when the network is already listed. */
  create(network: string, createdBy: number): Promise<OutboundNetworkRow | undefined>;
  /** The deleted row, or undefined when there was none. */
  delete(id: number): Promise<OutboundNetworkRow | undefined>;
}

export function createOutboundNetworksRepository(db: Db): OutboundNetworksRepository {
  return {
    async list(page) {
      const rows = await db.select().from(outboundNetworks).orderBy(asc(outboundNetworks.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ value: count() }).from(outboundNetworks);
      return { rows, count: total?.value ?? 0 };
    },
    all: () => db.select().from(outboundNetworks).orderBy(asc(outboundNetworks.id)),
    async create(network, createdBy) {
      const [row] = await db.insert(outboundNetworks).values({ network, createdBy }).onConflictDoNothing({ target: outboundNetworks.network }).returning();
      return row;
    },
    async delete(id) {
      const [row] = await db.delete(outboundNetworks).where(eq(outboundNetworks.id, id)).returning();
      return row;
    },
  };
}
