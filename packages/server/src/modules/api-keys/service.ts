import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyNetworkRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, pageOf, type PageRequest } from '../../lib/paging.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { toViewer } from '../auth/viewer.ts';
import { insideAny, type Network, networkText, parseNetwork } from './cidr.ts';
import type { ApiKeyNetworksRepository, ApiKeysRepository } from './repository.ts';
import type { ApiKeyInfo, ApiKeyNetwork, NewApiKey } from './schemas.ts';

/** last_used is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ApiKeysService {
  /** A new key for the viewer, replacing any previous one; the token is in this answer only. */
  create(viewer: Viewer, validitySeconds: number): Promise<NewApiKey>;
  /** The viewer's key's metadata; api_key_missing when there is none. */
  current(viewer: Viewer): Promise<ApiKeyInfo>;
  /** Ends the viewer's key, if any. */
  invalidate(viewer: Viewer): Promise<void>;
  /** The viewer a Bearer token stands for, from the client `address` (request.ip). Throws api_key_invalid or api_key_network. */
  authenticate(token: string, address: string): Promise<Viewer>;
  listNetworks(page: PageRequest, path: string, query: Record<string, unknown>): Promise<Page<ApiKeyNetwork>>;
  addNetwork(viewer: Viewer, text: string): Promise<ApiKeyNetwork>;
  deleteNetwork(viewer: Viewer, id: number): Promise<void>;
}

export interface ApiKeysServiceDeps {
  keys: ApiKeysRepository;
  networks: ApiKeyNetworksRepository;
  now?: () => Date;
  change: AuditedChange<{ keys: ApiKeysRepository; networks: ApiKeyNetworksRepository }>;
}

export function createApiKeysService(deps: ApiKeysServiceDeps): ApiKeysService {
  const now = deps.now ?? (() => new Date());
  return {
    async create(viewer, validitySeconds) {
      // 256 random bits; the prefix lets secret scanners recognise a leaked key.
      const token = `blk_${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now().getTime() + validitySeconds * 1000);
      await deps.change(
        (tx) => tx.keys.replace({ userId: viewer.userId, tokenHash: hashToken(token), expiresAt }),
        (key) => ({ actorId: viewer.userId, action: 'api_key.create', object: `api_key:${key.id}`, level: 3, details: { expires: expiresAt.toISOString() } }),
      );
      return { key: token, expires: expiresAt.toISOString() };
    },

    async current(viewer) {
      const key = await deps.keys.findByUser(viewer.userId);
      if (!key) throw new AppError('api_key_missing');
      return { created: key.createdAt.toISOString(), expires: key.expiresAt.toISOString(), last_used: key.lastUsedAt?.toISOString() ?? null };
    },

    async invalidate(viewer) {
      const key = await deps.keys.findByUser(viewer.userId);
      if (!key) return;
      await deps.change(
        (tx) => tx.keys.delete(key.id),
        () => ({ actorId: viewer.userId, action: 'api_key.invalidate', object: `api_key:${key.id}`, level: 3 }),
      );
    },

    async authenticate(token, address) {
      const at = now();
      const found = await deps.keys.findLive(hashToken(token), at);
      if (!found) throw new AppError('api_key_invalid');
      const { key, user } = found;
      const networks = parsedNetworks(await deps.networks.all());
      if (networks.length > 0 && !insideAny(address, networks)) {
        await deps.change(
          async () => null,
          () => ({ actorId: user.id, action: 'api_key.refused', object: `api_key:${key.id}`, level: 3, details: { address, reason: 'outside the API-key networks' } }),
        );
        throw new AppError('api_key_network', `API keys are not accepted from ${address}: it is outside the account's API-key networks.`);
      }
      await deps.keys.touch(key.id, at, new Date(at.getTime() - TOUCH_INTERVAL_MS));
      return toViewer(user, null);
    },

    async listNetworks(page, path, query) {
      const { rows, count } = await deps.networks.list(page);
      return pageOf(rows.map(toNetwork), count, page, path, query);
    },

    async addNetwork(viewer, text) {
      const parsed = parseNetwork(text);
      if ('error' in parsed) throw new AppError('network_invalid', parsed.error);
      const network = networkText(parsed.network);
      const row = await deps.change(
        async (tx) => {
          const created = await tx.networks.create(network);
          if (!created) throw new AppError('network_taken');
          return created;
        },
        (created) => ({ actorId: viewer.userId, action: 'api_key_network.create', object: `api_key_network:${created.id}`, level: 3, details: { network } }),
      );
      return toNetwork(row);
    },

    async deleteNetwork(viewer, id) {
      await deps.change(
        async (tx) => {
          const deleted = await tx.networks.delete(id);
          if (!deleted) throw new AppError('not_found');
          return deleted;
        },
        (deleted) => ({ actorId: viewer.userId, action: 'api_key_network.delete', object: `api_key_network:${id}`, level: 3, details: { network: deleted.network } }),
      );
    },
  };
}

function parsedNetworks(rows: ApiKeyNetworkRow[]): Network[] {
  return rows.flatMap((row) => {
    const parsed = parseNetwork(row.network);
    // Rows are written canonical by addNetwork; one that no longer parses matches nothing.
    return 'network' in parsed ? [parsed.network] : [];
  });
}

function toNetwork(row: ApiKeyNetworkRow): ApiKeyNetwork {
  return { id: row.id, network: row.network, created: row.createdAt.toISOString() };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
