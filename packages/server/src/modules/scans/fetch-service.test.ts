import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { NewFetch, ScanFetchRepository } from './fetch-repository.ts';
import { createScanFetchService, nameFromUrl } from './fetch-service.ts';
import type { Scan } from './schemas.ts';

const viewer: Viewer = { userId: 5, email: 'a@example.com', roles: [], permissions: [], sessionId: 1, csrfToken: 't' };

function setUp(allowed = [] as { family: 'ipv4' | 'ipv6'; address: string; prefix: number }[]) {
  const created: NewFetch[] = [];
  const events: AuditEvent[] = [];
  const queued: number[] = [];
  const fetches = {
    async create(fetch: NewFetch) {
      created.push(fetch);
      return 31;
    },
  } as unknown as ScanFetchRepository;
  const service = createScanFetchService({
    fetches,
    scans: { assertCanUpload: async () => undefined, get: async (_viewer, id) => ({ id }) as Scan },
    allowedNetworks: async () => allowed,
    enqueueFetch: async (id) => {
      queued.push(id);
    },
    change: async (work, event) => {
      const result = await work({ fetches });
      events.push(event(result));
      return result;
    },
  });
  return { service, created, events, queued };
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return [error.code, error.message];
    throw error;
  }
  return null;
};

describe('scan fetch service', () => {
  it('stores the request with header names lower-cased and custom data keys upper-cased, and audits where from without secrets', async () => {
    const { service, created, events, queued } = setUp();
    await service.request(viewer, {
      external_reference: ' https://user:pw@downloads.example.com/fw/image%20v2.bin?X-Amz-Signature=abc ',
      group: 4,
      additional_headers: { 'X-Api-Key': ' k1 ' },
      custom_data: { release: ' 2.1 ' },
    });
    expect(created).toEqual([
      {
        groupId: 4,
        url: 'https://user:pw@downloads.example.com/fw/image%20v2.bin?X-Amz-Signature=abc',
        filename: 'image v2.bin',
        headers: { 'x-api-key': 'k1' },
        customData: { RELEASE: '2.1' },
        createdBy: 5,
      },
    ]);
    expect(events).toEqual([
      { actorId: 5, action: 'scan.fetch', object: 'scan:31', level: 2, details: { group: 4, url: 'https://downloads.example.com/fw/image%20v2.bin', headers: ['x-api-key'] } },
    ]);
    expect(queued).toEqual([31]);
  });

  it('refuses an IP literal the guard refuses, and lets one inside an allowed network through', async () => {
    expect(await errorOf(setUp().service.request(viewer, { external_reference: 'http://[fd00:ec2::254]/', group: 4 }))).toEqual([
      'fetch_url_refused',
      'The address fd00:ec2::254 is a cloud metadata address; requests to it are never made.',
    ]);
    const allowed = setUp([{ family: 'ipv4', address: '10.20.0.0', prefix: 16 }]);
    await allowed.service.request(viewer, { external_reference: 'http://10.20.3.4/fw.bin', group: 4 });
    expect(allowed.queued).toEqual([31]);
  });

  it('refuses a header given twice in different case and a proxy header', async () => {
    const { service, created } = setUp();
    expect(await errorOf(service.request(viewer, { external_reference: 'https://e.com/f', group: 4, additional_headers: { 'X-A': '1', 'x-a': '2' } }))).toEqual([
      'fetch_header_invalid',
      'The header x-a is given twice.',
    ]);
    expect(await errorOf(service.request(viewer, { external_reference: 'https://e.com/f', group: 4, additional_headers: { 'Proxy-Foo': '1' } }))).toEqual([
      'fetch_header_invalid',
      'The header Proxy-Foo cannot be set.',
    ]);
    expect(created).toEqual([]);
  });

  it('names the scan after the last path segment, else the host', () => {
    expect(nameFromUrl(new URL('https://h.example.com/a/b/fw.img'))).toBe('fw.img');
    expect(nameFromUrl(new URL('https://h.example.com/a/b/'))).toBe('b');
    expect(nameFromUrl(new URL('https://h.example.com/'))).toBe('h.example.com');
    expect(nameFromUrl(new URL('https://h.example.com/%2e%2e%2fetc%2fpasswd'))).toBe('.._etc_passwd');
  });
});
