import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApiKeyNetworkRow, apiKeyNetworks, type ApiKeyRow, apiKeys, type UserRow, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface ApiKeysRepository {
  /** The user's key, live or expired. */
  findByUser(userId: number): Promise<ApiKeyRow | undefined>;
  /** The unexpired key with that token hash and its active user. */
  findLive(tokenHash: string, now: Date): Promise<{ key: ApiKeyRow; user: UserRow } | undefined>;
  /** Replaces the user's key (one per user). */
  replace(key: { userId: number; tokenHash: string; expiresAt: Date }): Promise<ApiKeyRow>;
  delete(id: number): Promise<void>;
  /** Sets last_used_at = now unless it is later than `unlessAfter`. */
  touch(id: number, now: Date, unlessAfter: Date): Promise<void>;
}

export function createApiKeysRepository(db: Db): ApiKeysRepository {
  return {
    async findByUser(userId) {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
      return row;
    },
    async findLive(tokenHash, now) {
      const [row] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.tokenHash, tokenHash), gt(apiKeys.expiresAt, now), eq(users.isActive, true)));
      return row;
    },
    async replace(key) {
      await db.delete(apiKeys).where(eq(apiKeys.userId, key.userId));
      const [row] = await db.insert(apiKeys).values(key).returning();
      if (!row) throw new Error('insert into api_keys returned no row');
      return row;
    },
    async delete(id) {
      await db.delete(apiKeys).where(eq(apiKeys.id, id));
    },
    async touch(id, now, unlessAfter) {
      await db.update(apiKeys).set({ lastUsedAt: now }).where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessAfter))));
    },
  };
}

export interface ApiKeyNetworksRepository {
  list(page: PageRequest): Promise<{ rows: ApiKeyNetworkRow[]; count: number }>;
  all(): Promise<ApiKeyNetworkRow[]>;
  /** The new row, or undefined when the network is already listed. */
  create(network: string): Promise<ApiKeyNetworkRow | undefined>;
  /** The deleted row, or undefined when there was none. */
  delete(id: number): Promise<ApiKeyNetworkRow | undefined>;
}

export function createApiKeyNetworksRepository(db: Db): ApiKeyNetworksRepository {
  return {
    async list(page) {
      const rows = await db.select().from(apiKeyNetworks).orderBy(asc(apiKeyNetworks.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ value: count() }).from(apiKeyNetworks);
      return { rows, count: total?.value ?? 0 };
    },
    all: () => db.select().from(apiKeyNetworks).orderBy(asc(apiKeyNetworks.id)),
    async create(network) {
      const [row] = await db.insert(apiKeyNetworks).values({ network }).onConflictDoNothing({ target: apiKeyNetworks.network }).returning();
      return row;
    },
    async delete(id) {
      const [row] = await db.delete(apiKeyNetworks).where(eq(apiKeyNetworks.id, id)).returning();
      return row;
    },
  };
}
