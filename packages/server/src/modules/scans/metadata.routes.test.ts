import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../engine/fixtures/${path}`, import.meta.url));

const ARCHIVE = tar([
  { path: 'bin/unsafe', content: fixture('executables/elf-unsafe/elf-unsafe') },
  { path: 'bin/tool', content: fixture('executables/elf-default/elf-default') },
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'boot/config-6.1.0-amd64', content: fixture('executables/kernel-config-debian/config-6.1.0-amd64') },
  { path: 'etc/service.conf', content: 'contact = ops@binlens-demo.org\nexample_key = AKIAIOSFODNN7EXAMPLE\n' },
]);

describe.each(DATABASES)('scan metadata on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;
  let identification: Identification;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-metadata-'));
    try {
      await writeFile(join(dir, 'release.tar'), ARCHIVE);
      identification = await scan(join(dir, 'release.tar'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    t = await startTestApp(kind, { workers: true, engine: fakeEngine(() => identification) });
    alice = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Releases' } });
    const body = multipart('file', 'release.tar', ARCHIVE);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${group.json<{ id: number }>().id}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    scanId = created.json<{ id: number }>().id;
    const deadline = Date.now() + 60_000;
    while (['B', 'S', 'P', 'D'].includes((await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: alice.headers })).json<{ status: string }>().status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: object = alice.headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { ...headers } });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('answers the input, the run, the settings the engine recorded and the size of each list', async () => {
    const { status, body } = await get<Record<string, unknown>>(`/rest/scans/${scanId}/metadata/`);
    expect(status).toBe(200);
    const { created_at: createdAt, started_at: startedAt, finished_at: finishedAt, counts, ...rest } = body;
    expect(rest).toEqual({
      input: { name: 'release.tar', size: ARCHIVE.length, sha1: identification.input.sha1, sha256: identification.input.sha256, format: 'archive/tar' },
      analysis_ms: Date.parse(identification.finishedAt) - Date.parse(identification.startedAt),
      analysis_settings: {
        limits: identification.analysis?.limits,
        infoleak_decoy_filter: true,
        custom_patterns: [],
      },
      vulnerability_matching: { cvss3_fallback: true, include_bdsa_vulnerabilities: false },
      kernel_configs: [{ path: ['boot/config-6.1.0-amd64'], source: 'file', options: 47, checks: identification.kernelConfig?.[0]?.checks }],
      knowledge_base: { state: 'empty', updated: null },
    });
    expect(identification.analysis?.limits.maxDepth).toBe(16);
    expect(identification.kernelConfig?.[0]?.checks).toHaveLength(46);
    expect([typeof createdAt, typeof startedAt, typeof finishedAt]).toEqual(['string', 'string', 'string']);
    expect(counts).toEqual({
      files: (counts as { files: number | null }).files,
      components: identification.components.length,
      licenses: new Set([...identification.components.flatMap((c) => c.licenses), ...(identification.licenses ?? []).map((l) => l.expression)]).size,
      executables: 4,
      code_findings: 3,
      infoleaks: 1,
      mobile_apps: 1,
      docker_images: 0,
      kernel_configs: 1,
      errors: identification.problems.filter((p) => p.level === 'error').length,
      warnings: identification.problems.filter((p) => p.level === 'warning').length,
      info: identification.problems.filter((p) => p.level === 'info').length,
    });
    expect([null, identification.files.length]).toContain((counts as { files: number | null }).files);
  });

  it('answers 404 for a scan of a group the user cannot see, and 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/metadata/`, bob.headers)).status).toBe(404);
    expect((await get('/rest/scans/999999/metadata/')).status).toBe(404);
    expect((await get(`/rest/scans/${scanId}/metadata/`, {})).status).toBe(401);
  });
});
