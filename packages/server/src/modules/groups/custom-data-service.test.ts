import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupCustomDataRecord, GroupCustomDataRepository } from './custom-data-repository.ts';
import { createGroupCustomDataService, normaliseKey } from './custom-data-service.ts';

const viewer: Viewer = { userId: 1, email: 'a@example.com', roles: [], permissions: [], sessionId: 1, csrfToken: 't' };

function fakeRepository(rows: GroupCustomDataRecord[]) {
  const writes: string[] = [];
  const repository: GroupCustomDataRepository = {
    list: async () => ({ rows, count: rows.length }),
    find: async (_viewer, _group, key) => rows.find((r) => r.key === key),
    create: async (_group, key, value) => {
      writes.push(`create ${key}`);
      if (rows.some((r) => r.key === key)) return undefined;
      const row = { id: rows.length + 1, key, value };
      rows.push(row);
      return row;
    },
    update: async (_group, key, value) => {
      writes.push(`update ${key}`);
      const row = rows.find((r) => r.key === key);
      if (row) row.value = value;
      return row;
    },
    remove: async (_group, key) => {
      writes.push(`remove ${key}`);
      const row = rows.find((r) => r.key === key);
      if (row) rows.splice(rows.indexOf(row), 1);
      return row;
    },
  };
  const audit: AuditEvent[] = [];
  const service = createGroupCustomDataService({
    customData: repository,
    change: auditedChanges<{ customData: GroupCustomDataRepository }>((work) => work({ customData: repository, audit: { record: async (e) => void audit.push(e) } })),
  });
  return { service, writes, audit };
}

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

describe('group custom data service', () => {
  it.each([
    ['product_line', 'PRODUCT_LINE'],
    ['  Build_2 ', 'BUILD_2'],
    ['_', '_'],
  ])('takes %j as the key %j', (raw, key) => {
    expect(normaliseKey(raw)).toBe(key);
  });

  it.each([
    ['', 'custom_data_key_blank'],
    [' \t', 'custom_data_key_blank'],
    ['two words', 'custom_data_key_invalid'],
    ['dash-ed', 'custom_data_key_invalid'],
    // Upper-casing "ß" gives "SS" and "ı" gives "I": letters outside A-Z are refused before.
    ['straße', 'custom_data_key_invalid'],
    ['ıd', 'custom_data_key_invalid'],
  ])('refuses the key %j: %s', (raw, code) => {
    expect(codeOf(() => normaliseKey(raw))).toBe(code);
  });

  it('writes nothing and records nothing for a value equal to the stored one after trimming', async () => {
    const { service, writes, audit } = fakeRepository([{ id: 1, key: 'OWNER', value: 'net' }]);
    expect(await service.update(viewer, 5, { key: 'owner', value: ' net ' })).toEqual({ id: 1, key: 'OWNER', value: 'net' });
    expect([writes, audit]).toEqual([[], []]);
  });

  it('refuses a taken key without recording an event', async () => {
    const { service, audit } = fakeRepository([{ id: 1, key: 'OWNER', value: 'net' }]);
    await expect(service.create(viewer, 5, { key: 'Owner', value: 'x' })).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'custom_data_key_taken');
    expect(audit).toEqual([]);
  });
});
