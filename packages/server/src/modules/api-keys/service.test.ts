import { describe, expect, it } from 'vitest';
import type { ApiKeyNetworkRow, ApiKeyRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { ApiKeyNetworksRepository, ApiKeysRepository } from './repository.ts';
import { createApiKeysService } from './service.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const viewer: Viewer = { userId: 7, email: 'ada@example.com', roles: ['U'], permissions: [], sessionId: 3, csrfToken: 't' };
const user = { id: 7, email: 'ada@example.com', roles: ['U'], isActive: true } as UserRow;

/** A service over in-memory repositories, its audit events collected. */
function serviceWith(networks: string[]) {
  const keys: ApiKeyRow[] = [];
  const touched: { id: number; now: Date; unlessAfter: Date }[] = [];
  const events: AuditEvent[] = [];
  const keysRepository: ApiKeysRepository = {
    findByUser: async (userId) => keys.find((key) => key.userId === userId),
    findLive: async (tokenHash, now) => {
      const key = keys.find((row) => row.tokenHash === tokenHash && row.expiresAt > now);
      return key ? { key, user } : undefined;
    },
    replace: async (key) => {
      keys.splice(0, keys.length, ...keys.filter((row) => row.userId !== key.userId));
      const row = { id: keys.length + 1, createdAt: NOW, lastUsedAt: null, ...key };
      keys.push(row);
      return row;
    },
    delete: async (id) => void keys.splice(keys.findIndex((row) => row.id === id), 1),
    touch: async (id, now, unlessAfter) => void touched.push({ id, now, unlessAfter }),
  };
  const rows: ApiKeyNetworkRow[] = networks.map((network, index) => ({ id: index + 1, network, createdAt: NOW }));
  const networksRepository: ApiKeyNetworksRepository = {
    list: async () => ({ rows, count: rows.length }),
    all: async () => rows,
    create: async () => undefined,
    delete: async () => undefined,
  };
  const service = createApiKeysService({
    keys: keysRepository,
    networks: networksRepository,
    now: () => NOW,
    change: auditedChanges<{ keys: ApiKeysRepository; networks: ApiKeyNetworksRepository }>((work) =>
      work({ keys: keysRepository, networks: networksRepository, audit: { record: async (event) => void events.push(event) } }),
    ),
  });
  return { service, keys, touched, events };
}

describe('API keys service', () => {
  it('makes a key valid for exactly the seconds asked, and audits it without the token', async () => {
    const { service, keys, events } = serviceWith([]);
    const made = await service.create(viewer, 3600);
    expect(made).toEqual({ key: expect.stringMatching(/^blk_[\w-]{43}$/), expires: '2026-03-01T13:00:00.000Z' });
    expect(keys).toHaveLength(1);
    expect(events).toEqual([{ actorId: 7, action: 'api_key.create', object: 'api_key:1', level: 3, details: { expires: '2026-03-01T13:00:00.000Z' } }]);
    expect(JSON.stringify(events)).not.toContain(made.key);
  });

  it('lets a key in from inside a network, touching it at most once a minute', async () => {
    const { service, touched } = serviceWith(['10.0.0.0/8']);
    const { key } = await service.create(viewer, 60);
    expect(await service.authenticate(key, '::ffff:10.1.2.3')).toEqual({ ...viewer, permissions: [], sessionId: null, csrfToken: null });
    expect(touched).toEqual([{ id: 1, now: NOW, unlessAfter: new Date('2026-03-01T11:59:00.000Z') }]);
  });

  it('refuses a key from outside the networks with the address, and audits it', async () => {
    const { service, events } = serviceWith(['10.0.0.0/8', '2001:db8::/32']);
    const { key } = await service.create(viewer, 60);
    const refusal = await service.authenticate(key, '192.0.2.9').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).toBody()).toEqual({ detail: "API keys are not accepted from 192.0.2.9: it is outside the account's API-key networks." });
    expect(events.at(-1)).toEqual({ actorId: 7, action: 'api_key.refused', object: 'api_key:1', level: 3, details: { address: '192.0.2.9', reason: 'outside the API-key networks' } });
  });

  it('refuses an unknown token and answers 404 for a user without a key', async () => {
    const { service } = serviceWith([]);
    await expect(service.authenticate('blk_nope', '127.0.0.1')).rejects.toMatchObject({ code: 'api_key_invalid', status: 401 });
    await expect(service.current(viewer)).rejects.toMatchObject({ code: 'api_key_missing', status: 404 });
  });
});
