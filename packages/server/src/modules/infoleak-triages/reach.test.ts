import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredLeak } from './leak-items.ts';
import { buildReach, NO_REACH, withHeldIds } from './reach.ts';
import type { InfoleakTriageRecord } from './repository.ts';
import { infoleakValueKey } from './value-key.ts';

const FEED = 'https://updates.binlens-demo.org/feed';

const rule = (id: number, fields: Partial<InfoleakTriageRecord>): InfoleakTriageRecord => ({
  id,
  kind: 'urls',
  valueKey: infoleakValueKey('urls', FEED),
  scanId: 1,
  rationale: 'U',
  description: '',
  scope: 'CA',
  groupScope: null,
  resultScope: null,
  applicationName: null,
  fileHash: null,
  createdBy: 3,
  userName: 'ada',
  createdAt: new Date('2026-03-05T08:09:00Z'),
  ...fields,
});

const leak = (id: number, path: string[], value = FEED): StoredLeak => ({ id, kind: 'urls', value, path });

describe('infoleak triage reach', () => {
  it('keys a finding by a SHA-256 of its kind and its value as JSON text', () => {
    expect(infoleakValueKey('urls', FEED)).toBe(createHash('sha256').update(`urls:"${FEED}"`).digest('hex'));
    expect(infoleakValueKey('emails', 'a"b\u0000')).toBe(createHash('sha256').update('emails:"a\\"b\\u0000"').digest('hex'));
    expect(infoleakValueKey('urls', FEED)).not.toBe(infoleakValueKey('emails', FEED));
  });

  it('holds a triage for every finding of its value, and a file-hash triage only in the file with its hash', () => {
    const byValue = rule(4, { scope: 'R', resultScope: 1 });
    const byFile = rule(2, { scope: 'FH', fileHash: 'c'.repeat(40) });
    const candidates = [leak(1, ['etc/app.conf']), leak(3, ['etc/other.conf'])];
    const hashes = new Map([[JSON.stringify(['etc/app.conf']), 'a'.repeat(40)], [JSON.stringify(['etc/other.conf']), 'c'.repeat(40)]]);
    const reach = buildReach([byFile, byValue], candidates, hashes);
    expect(reach.empty).toBe(false);
    expect(reach.triagesOf(leak(1, ['etc/app.conf'])).map((t) => [t.id, t.scope])).toEqual([[4, 'R']]);
    expect(reach.triagesOf(leak(3, ['etc/other.conf'])).map((t) => [t.id, t.scope, t.file_hash])).toEqual([[2, 'FH', 'c'.repeat(40)], [4, 'R', null]]);
    expect(reach.triagesOf(leak(5, ['etc/app.conf'], 'https://other.example/'))).toEqual([]);
  });

  it('reaches nothing when only file-hash triages name files the scan does not have', () => {
    const reach = buildReach([rule(2, { scope: 'FH', fileHash: 'c'.repeat(40) })], [leak(1, ['etc/app.conf'])], new Map([[JSON.stringify(['etc/app.conf']), null]]));
    expect(reach).toBe(NO_REACH);
    expect([reach.where(false), reach.where(true) === undefined]).toEqual([undefined, false]);
  });

  it('names the findings it holds for by id once they are read, and reaches nothing when none is held', () => {
    const reach = buildReach([rule(4, { scope: 'CA' })], [], new Map());
    const byId = withHeldIds(reach, [3, 8]);
    expect([byId.empty, byId.where(true) === reach.where(true), byId.triagesOf(leak(3, [])).map((t) => t.id)]).toEqual([false, false, [4]]);
    const none = withHeldIds(reach, []);
    expect([none.empty, none.where(false)]).toEqual([true, undefined]);
  });

  it('answers a triage as the API shows it', () => {
    const [shown] = buildReach([rule(7, { kind: 'cloud_provider_keys', valueKey: infoleakValueKey('cloud_provider_keys', 'AKIA') })], [], new Map()).triagesOf({ id: 1, kind: 'cloud_provider_keys', value: 'AKIA', path: [] });
    expect(shown).toEqual({
      id: 7, url: '/rest/infoleak/cloud-provider-keys/triage/7/', kind: 'cloud_provider_keys', scan_id: 1, rationale: 'U', description: '', scope: 'CA',
      group_scope: null, result_scope: null, application_name: null, file_hash: null, user: 3, user_name: 'ada', created: '2026-03-05T08:09:00.000Z',
    });
  });
});
