import { readFileSync } from 'node:fs';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/app.ts';
import { tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scannedApp } from '../../../test/scanned.ts';

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
    ({ t, alice, scanId, identification } = await scannedApp(kind, 'release.tar', ARCHIVE, 'Releases'));
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
      files: identification.files.length,
      components: identification.components.length,
      licenses: new Set([...identification.components.flatMap((c) => c.licenses), ...(identification.licenses ?? []).map((l) => l.expression)]).size,
      executables: 4,
      code_findings: 3,
      infoleaks: 2,
      mobile_apps: 1,
      docker_images: 0,
      kernel_configs: 1,
      errors: identification.problems.filter((p) => p.level === 'error').length,
      warnings: identification.problems.filter((p) => p.level === 'warning').length,
      info: identification.problems.filter((p) => p.level === 'info').length,
    });
  });

  it('answers 404 for a scan of a group the user cannot see, and 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/metadata/`, bob.headers)).status).toBe(404);
    expect((await get('/rest/scans/999999/metadata/')).status).toBe(404);
    expect((await get(`/rest/scans/${scanId}/metadata/`, {})).status).toBe(401);
  });
});
