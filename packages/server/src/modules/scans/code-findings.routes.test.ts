import { readFileSync } from 'node:fs';
import { CODE_RULES, toNativeJson, toScanResult } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/app.ts';
import { tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scannedApp } from '../../../test/scanned.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../../engine/fixtures/executables/${name}/${name}`, import.meta.url));

const ARCHIVE = tar([
  { path: 'bin/unsafe', content: fixture('elf-unsafe') },
  { path: 'bin/canary', content: fixture('elf-canary-strong') },
  { path: 'bin/fortified', content: fixture('elf-fortify') },
]);

interface Page<T> {
  count: number;
  results: T[];
  links: { next: string | null; previous: string | null };
}
interface Finding { id: number; path: string[]; rule: string; severity: string; cwe: string; evidence: string[] }

describe.each(DATABASES)('static code analysis on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;
  let identification: Identification;

  beforeAll(async () => {
    ({ t, alice, scanId, identification } = await scannedApp(kind, 'tools.tar', ARCHIVE, 'Tools'));
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: object = alice.headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { ...headers } });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('lists the native JSON\'s code findings, each with its id', async () => {
    const { status, body } = await get<Page<Finding>>(`/rest/scans/${scanId}/rss-findings/`);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { id: 1, path: ['bin/canary'], rule: 'unbounded-copy', severity: 'high', cwe: 'CWE-120', evidence: ['strcpy'] },
      { id: 2, path: ['bin/canary'], rule: 'unbounded-format', severity: 'high', cwe: 'CWE-787', evidence: ['sprintf'] },
      { id: 3, path: ['bin/unsafe'], rule: 'inherently-dangerous', severity: 'high', cwe: 'CWE-242', evidence: ['gets'] },
      { id: 4, path: ['bin/unsafe'], rule: 'unbounded-copy', severity: 'high', cwe: 'CWE-120', evidence: ['strcpy'] },
      { id: 5, path: ['bin/unsafe'], rule: 'shell-execution', severity: 'medium', cwe: 'CWE-78', evidence: ['system'] },
    ]);
    const native = toNativeJson(identification, toScanResult(identification)).code_findings;
    expect(body.results.map(({ id: _id, ...finding }) => finding)).toEqual(native);
  });

  it('filters by rule, by severity and by text, keeping the filters in its links', async () => {
    const ids = async (query: string) => (await get<Page<Finding>>(`/rest/scans/${scanId}/rss-findings/?${query}`)).body.results.map((f) => f.id);
    expect(await ids('rule=unbounded-copy')).toEqual([1, 4]);
    expect(await ids('severity=medium')).toEqual([5]);
    expect(await ids('severity=low')).toEqual([]);
    expect(await ids('search=SPRINTF')).toEqual([2]);
    expect(await ids('search=cwe-120&severity=high')).toEqual([1, 4]);
    const first = (await get<Page<Finding>>(`/rest/scans/${scanId}/rss-findings/?rule=unbounded-copy&limit=1`)).body;
    expect([first.count, first.links.next]).toEqual([2, `/rest/scans/${scanId}/rss-findings/?rule=unbounded-copy&limit=1&offset=1`]);
    const bad = await get<Record<string, string[]>>(`/rest/scans/${scanId}/rss-findings/?rule=strcpy&severity=critical`);
    expect([bad.status, Object.keys(bad.body).sort()]).toEqual([400, ['rule', 'severity']]);
  });

  it('lists the rules with their explanations', async () => {
    const { status, body } = await get<{ id: string; functions: string[]; explanation: string }[]>('/rest/static-code-rules/');
    expect(status).toBe(200);
    expect(body.map((rule) => rule.id)).toEqual(CODE_RULES.map((rule) => rule.id));
    expect(body.find((rule) => rule.id === 'shell-execution')?.functions).toEqual(['system', 'popen']);
  });

  it('answers 404 for a scan of a group the user cannot see, and 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/rss-findings/`, bob.headers)).status).toBe(404);
    expect((await get(`/rest/scans/999999/rss-findings/`)).status).toBe(404);
    expect((await get(`/rest/scans/${scanId}/rss-findings/`, {})).status).toBe(401);
    expect((await get('/rest/static-code-rules/', {})).status).toBe(401);
  });
});
