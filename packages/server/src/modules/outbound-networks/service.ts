import type { OutboundNetworkRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AllowedNetwork } from '../../lib/outbound/guard.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import { networkText, parseNetwork } from '../api-keys/cidr.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { OutboundNetworksRepository } from './repository.ts';
import type { OutboundNetwork } from './schemas.ts';

/** Networks outbound requests (URL fetches, webhooks) may reach although the SSRF guard refuses them by default. */
export interface OutboundNetworksService {
  list(page: PageRequest, path: string, query: Record<string, unknown>): Promise<Page<OutboundNetwork>>;
  add(viewer: Viewer, text: string): Promise<OutboundNetwork>;
  remove(viewer: Viewer, id: number): Promise<void>;
  /** What the guard is built from, read at each request so a change applies at once. */
  allowed(): Promise<AllowedNetwork[]>;
}

export interface OutboundNetworksServiceDeps {
  networks: OutboundNetworksRepository;
  change: AuditedChange<{ networks: OutboundNetworksRepository }>;
}

export function createOutboundNetworksService(deps: OutboundNetworksServiceDeps): OutboundNetworksService {
  return {
    async list(page, path, query) {
      const { rows, count } = await deps.networks.list(page);
      return pageOf(rows.map(toNetwork), count, page, path, query);
    },

    async add(viewer, text) {
      const parsed = parseNetwork(text);
      if ('error' in parsed) throw new AppError('network_invalid', parsed.error);
      const network = networkText(parsed.network);
      const row = await deps.change(
        async (tx) => {
          const created = await tx.networks.create(network, viewer.userId);
          if (!created) throw new AppError('network_taken');
          return created;
        },
        (created) => ({ actorId: viewer.userId, action: 'outbound_network.create', object: `outbound_network:${created.id}`, level: 3, details: { network } }),
      );
      return toNetwork(row);
    },

    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const deleted = await tx.networks.delete(id);
          if (!deleted) throw new AppError('not_found');
          return deleted;
        },
        (deleted) => ({ actorId: viewer.userId, action: 'outbound_network.delete', object: `outbound_network:${id}`, level: 3, details: { network: deleted.network } }),
      );
    },

    async allowed() {
      return (await deps.networks.all()).flatMap((row) => {
        const parsed = parseNetwork(row.network);
        // Rows are written canonical by add(); one that no longer parses allows nothing.
        return 'network' in parsed ? [parsed.network] : [];
      });
    },
  };
}

function toNetwork(row: OutboundNetworkRow): OutboundNetwork {
  return { id: row.id, network: row.network, created: row.createdAt.toISOString() };
}
