import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { uploadReady } from '../../../test/scanned.ts';

const ZLIB = component({
  name: 'zlib',
  version: '1.2.13',
  codetype: 'NA',
  evidence: [
    { method: 'signature', foundBy: 'signatures/zlib', path: ['fw.bin', 'usr/lib/libz.so.1'], offset: 4096, text: 'inflate 1.2.13 Copyright 1995-2022 Mark Adler', license: 'Zlib' },
    { method: 'soname', foundBy: 'soname', path: ['fw.bin', 'usr/lib/libz.so.1'] },
  ],
  containedIn: ['NA:busybox@1.36.1'],
});

describe.each(DATABASES)('component evidence on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    ({ scanId } = await uploadReady(t.app, alice, 'Firmware', 'fw.bin', findingsFile({ components: [ZLIB] })));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object = alice.headers) => t.app.inject({ method: 'GET', url, headers: { ...headers } });

  it("answers a component's evidence with the file of each piece, and what it sits in", async () => {
    const response = await get(`/rest/scans/${scanId}/evidence/?uid=${encodeURIComponent('NA:zlib@1.2.13')}`);
    expect([response.statusCode, response.json()]).toEqual([200, {
      uid: 'NA:zlib@1.2.13',
      evidence: [
        { method: 'signature', found_by: 'signatures/zlib', path: ['fw.bin', 'usr/lib/libz.so.1'], offset: 4096, text: 'inflate 1.2.13 Copyright 1995-2022 Mark Adler', license: 'Zlib' },
        { method: 'soname', found_by: 'soname', path: ['fw.bin', 'usr/lib/libz.so.1'], offset: null, text: null, license: null },
      ],
      contained_in: ['NA:busybox@1.36.1'],
    }]);
  });

  it('answers 404 for a uid the scan does not hold or a scan the user cannot see, 400 without a uid, 401 without a session', async () => {
    expect((await get(`/rest/scans/${scanId}/evidence/?uid=NA:openssl@3.0.0`)).statusCode).toBe(404);
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/evidence/?uid=${encodeURIComponent('NA:zlib@1.2.13')}`, bob.headers)).statusCode).toBe(404);
    expect((await get(`/rest/scans/${scanId}/evidence/`)).statusCode).toBe(400);
    expect((await get(`/rest/scans/${scanId}/evidence/?uid=x`, {})).statusCode).toBe(401);
  });
});
