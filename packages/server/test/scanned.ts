// A ready scan for route tests: uploaded through the API and waited for, and, for tests whose
// subject is what the engine found in a real file, that file scanned once in-process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { fakeEngine } from './fake-engine.ts';
import { multipart } from './files.ts';
import { newSession, type TestSession } from './login.ts';

const BUSY = ['B', 'S', 'P', 'D'];

/** Uploads `bytes` as `fileName` into a new group of `session` and waits (60 s at most) until the scan is no longer busy. */
export async function uploadReady(app: FastifyInstance, session: TestSession, groupName: string, fileName: string, bytes: Buffer): Promise<{ groupId: number; scanId: number }> {
  const group = await app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: groupName } });
  const groupId = group.json<{ id: number }>().id;
  const body = multipart('file', fileName, bytes);
  const created = await app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
  const scanId = created.json<{ id: number }>().id;
  const deadline = Date.now() + 60_000;
  while (BUSY.includes((await app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: session.headers })).json<{ status: string }>().status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { groupId, scanId };
}

export interface ScannedApp {
  t: TestApp;
  alice: TestSession;
  groupId: number;
  scanId: number;
  /** What the real engine found in the file; the app's (fake) engine answers exactly this. */
  identification: Identification;
}

/** Scans the file with the real engine once, then starts an app (workers on) that answers that Identification and holds it as alice's ready scan. */
export async function scannedApp(kind: DatabaseKind, fileName: string, bytes: Buffer, groupName = 'Scanned'): Promise<ScannedApp> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-scanned-'));
  let identification: Identification;
  try {
    await writeFile(join(dir, fileName), bytes);
    identification = await scan(join(dir, fileName));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const t = await startTestApp(kind, { workers: true, engine: fakeEngine(() => identification) });
  const alice = await newSession(t.app, t.database);
  const { groupId, scanId } = await uploadReady(t.app, alice, groupName, fileName, bytes);
  return { t, alice, groupId, scanId, identification };
}
