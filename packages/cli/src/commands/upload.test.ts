// `binlens upload` against a real server (packages/server/src/main.ts in a child process, the
// real engine, PGlite): upload, --wait with its progress, the verdict and counts, --fail-on
// before and after triages made through /rest/triages/, and every exit status.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { runCli } from '../testing/run-cli.ts';
import { adminSession, startTestServer, type TestServer } from '../testing/server-process.ts';
import { tar } from '../testing/tar.ts';
import { importFeeds, LODASH_PACKAGE } from '../testing/vulnerable-app.ts';
import { describeProgress, formatDuration, progressBar } from './upload.ts';

type Call = Awaited<ReturnType<typeof adminSession>>;

/** The scan's file is held a few seconds before the engine starts: long enough to watch it wait, and to abort it. */
const SCAN_DELAY_MS = 5000;

describe('binlens upload', () => {
  let root = '';
  let server: TestServer;
  let admin: Call;
  let key = '';
  let group = 0;
  let app = '';
  let bundle = '';
  const env = () => ({ BINLENS_API_KEY: key });
  const upload = (...args: string[]) => runCli(['upload', app, '--server', server.baseUrl, '--group', String(group), ...args], '', env());

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'binlens-cli-upload-'));
    app = join(root, 'app.tar');
    await writeFile(app, tar([
      { path: 'node_modules/lodash/package.json', content: LODASH_PACKAGE },
      { path: 'requirements.txt', content: 'urllib3==1.26.5\n' },
      { path: 'vendor/bundle.tar', content: tar([{ path: 'node_modules/lodash-es/package.json', content: JSON.stringify({ name: 'lodash-es', version: '4.17.20' }) }]) },
    ]));
    const makeBundle = async () => {
      const dataDir = join(root, 'cli-data');
      await importFeeds(dataDir);
      bundle = join(root, 'knowledge-base.tar');
      const exported = await runCli(['db', 'export-bundle', bundle, '--data-dir', dataDir]);
      if (exported.code !== 0) throw new Error(exported.stderr);
    };
    [server] = await Promise.all([startTestServer({ BINLENS_TEST_SCAN_DELAY_MS: String(SCAN_DELAY_MS) }), makeBundle()]);
    admin = await adminSession(server);
    const made = await admin('POST', '/api/key/', { validity: 3600 });
    key = (made.json as { results: { key: string } }).results.key;
    group = ((await admin('POST', '/rest/groups/', { name: 'CI' })).json as { id: number }).id;
  }, 420_000);
  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses --fail-on while the server has no vulnerability data (exit 1): it never passes silently', async () => {
    const run = await upload('--fail-on', 'high');
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(1, 3)).toEqual([expect.stringMatching(/^Scan \d+ \(app\.tar\) is ready: verdict /), 'Vulnerabilities: not evaluated: the server has no vulnerability data']);
    expect(run.stderr.split('\n').at(-2)).toBe("binlens: --fail-on cannot be applied: the server's knowledge base is empty, so the scan's vulnerabilities were not evaluated");
  });

  describe('with a knowledge base', () => {
    beforeAll(async () => {
      const form = new FormData();
      form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
      expect((await admin('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
      const deadline = Date.now() + 120_000;
      while (((await admin('GET', '/rest/knowledge-base/')).json as { state: string }).state !== 'ready') {
        if (Date.now() > deadline) throw new Error('the bundle was not imported in 120 s');
        await new Promise((wait) => setTimeout(wait, 250));
      }
    }, 180_000);

    it('uploads, waits with a line per step, then prints the verdict and the counts by severity', async () => {
      const { code, stdout, stderr } = await upload('--wait');
      expect(code).toBe(0);
      const id = /scan (\d+)/.exec(stdout)?.[1] ?? '';
      expect(stdout).toBe([
        `Uploaded app.tar (5.6 kB) to group ${group} (CI): scan ${id}`,
        `Scan ${id} (app.tar) is ready: verdict vulns`,
        'Vulnerabilities: 0 critical, 1 high, 1 medium, 0 low, 0 without severity',
        `${server.baseUrl}/product/${id}`,
        '',
      ].join('\n'));
      const lines = stderr.split('\n');
      expect(lines[0]).toBe(`binlens: uploading app.tar (5.6 kB) to ${server.baseUrl}`);
      // Queued while the server holds the file back; then the engine's stages as the server reports them.
      expect(lines[1]).toBe(`binlens: scan ${id}: queued`);
      for (const line of lines.slice(2, -1)) expect(line).toMatch(new RegExp(`^binlens: scan ${id}: (queued|started|processing|finishing)(: .+)?$`));
      expect(lines.at(-1)).toBe('');
    });

    it('without --wait, says which scan it started and where to see it', async () => {
      const { code, stdout, stderr } = await upload();
      const id = /scan (\d+)/.exec(stdout)?.[1] ?? '';
      expect([code, stdout, stderr]).toEqual([
        0, `Uploaded app.tar (5.6 kB) to group ${group} (CI): scan ${id}\n${server.baseUrl}/product/${id}\n`, `binlens: uploading app.tar (5.6 kB) to ${server.baseUrl}\n`,
      ]);
    });

    it('exits 3 with --fail-on while a vulnerability at or above it is open, and 0 once triaged on the server', async () => {
      const failing = await upload('--fail-on', 'high');
      expect(failing.code).toBe(3);
      expect(failing.stdout.split('\n').at(-2)).toBe('Fails: 1 vulnerability at or above high: CVE-2021-23337 high (lodash 4.17.20, lodash-es 4.17.20)');

      // Resolved in the group for both components (made on the failing scan): the next scan passes, and says what the triage resolved.
      const scanId = Number(/scan (\d+)/.exec(failing.stdout)?.[1]);
      const triaged = await admin('POST', '/rest/triages/', ['lodash', 'lodash-es'].map((name) => ({
        scan_id: scanId, component_name: name, component_version: '4.17.20', vuln_id: 'CVE-2021-23337', rationale: 'FP', scope: 'G', group_scope: group, description: 'not reachable',
      })));
      expect(triaged).toMatchObject({ status: 201 });
      const passing = await upload('--fail-on', 'high');
      expect([passing.code, passing.stdout.split('\n').at(-2)]).toEqual([0, 'Passes: no open vulnerability at or above high (1 resolved by triage)']);
      const medium = await upload('--fail-on', 'medium');
      expect([medium.code, medium.stdout.split('\n').at(-2)]).toEqual([3, 'Fails: 1 vulnerability at or above medium: CVE-2023-43804 medium (urllib3 1.26.5) (1 resolved by triage)']);

      // A re-scoring triage keeps the vulnerability open at its adjusted severity.
      const rescored = await admin('POST', '/rest/triages/', [{
        scan_id: scanId, component_name: 'urllib3', component_version: '1.26.5', vuln_id: 'CVE-2023-43804', rationale: 'OT', scope: 'G', group_scope: group, adjusted_severity: 'critical',
      }]);
      expect(rescored).toMatchObject({ status: 201 });
      const critical = await upload('--fail-on', 'critical');
      expect([critical.code, critical.stdout.split('\n').at(-2)]).toEqual([3, 'Fails: 1 vulnerability at or above critical: CVE-2023-43804 critical (urllib3 1.26.5) (1 resolved by triage)']);
    });

    it('exits 4 when the scan fails on the server, with the server\'s reason', async () => {
      const running = upload('--wait');
      // The server holds the file back SCAN_DELAY_MS before scanning: abort it meanwhile.
      let scanId = 0;
      const deadline = Date.now() + 30_000;
      while (scanId === 0 && Date.now() < deadline) {
        const page = (await admin('GET', `/rest/scans/?group=${group}&ordering=-created`)).json as { results: { id: number; status: string }[] };
        scanId = page.results.find((s) => s.status !== 'R' && s.status !== 'F')?.id ?? 0;
        if (scanId === 0) await new Promise((wait) => setTimeout(wait, 100));
      }
      expect((await admin('POST', `/rest/scans/${scanId}/abort/`)).status).toBe(200);
      const { code, stdout } = await running;
      expect([code, stdout.split('\n').slice(1)]).toEqual([4, [`Scan ${scanId} failed: Aborted by ${server.adminEmail}`, `${server.baseUrl}/product/${scanId}`, '']]);
    });

    it('draws a progress bar on a terminal', async () => {
      let stderr = '';
      const code = await main(['upload', app, '--server', server.baseUrl, '--group', String(group), '--wait'], {
        stdout: () => undefined, stdoutBytes: async () => undefined, stderr: (text) => (stderr += text), stderrIsTTY: true, readStdin: async () => '', env: env(),
      });
      expect(code).toBe(0);
      const frames = stderr.split('\r\x1b[K').filter((frame) => frame !== '');
      expect(frames[0]).toMatch(/^uploading app\.tar \[#{24}\] 100% 5\.6 kB of 5\.6 kB$/);
      expect(frames).toContain(`scan ${/scan (\d+) \[/.exec(stderr)?.[1]} [........................]      queued`);
      expect(stderr.endsWith('\r\x1b[K')).toBe(true);
    });
  });

  it('answers 1 with the HTTP status and the server\'s reason when the server refuses', async () => {
    const wrongKey = await runCli(['upload', app, '--server', server.baseUrl, '--group', String(group)], '', { BINLENS_API_KEY: 'blk_not-a-key' });
    expect([wrongKey.code, wrongKey.stderr.split('\n').at(-2)]).toEqual([1, `binlens: POST /rest/groups/${group}/upload/ answered HTTP 401 Unauthorized: Invalid or expired API key.`]);
    const noGroup = await runCli(['upload', app, '--server', server.baseUrl, '--group', '999999'], '', env());
    expect([noGroup.code, noGroup.stderr.split('\n').at(-2)]).toEqual([1, 'binlens: POST /rest/groups/999999/upload/ answered HTTP 404 Not Found: Not found.']);
    const nobody = await runCli(['upload', app, '--server', 'http://127.0.0.1:2', '--group', '1'], '', env());
    expect([nobody.code, nobody.stderr.split('\n').at(-2)]).toEqual([1, 'binlens: POST /rest/groups/1/upload/: cannot reach http://127.0.0.1:2 (ECONNREFUSED)']);
    const missing = await runCli(['upload', join(root, 'missing.tar'), '--server', server.baseUrl, '--group', '1'], '', env());
    expect([missing.code, missing.stderr]).toEqual([1, `binlens: cannot read ${join(root, 'missing.tar')}: ENOENT: no such file or directory, stat '${join(root, 'missing.tar')}'\n`]);
  });

  it.each([
    [['upload', 'x.tar', '--group', '1'], 'upload needs --server URL'],
    [['upload', 'x.tar', '--server', 'ftp://host', '--group', '1'], '--server must be an http or https URL, not "ftp://host"'],
    [['upload', 'x.tar', '--server', 'http://127.0.0.1:2'], 'upload needs --group ID'],
    [['upload', 'x.tar', '--server', 'http://127.0.0.1:2', '--group', 'CI'], '--group must be a group\'s id (a positive whole number), not "CI"'],
    [['upload', 'x.tar', '--server', 'http://127.0.0.1:2', '--group', '1', '--fail-on', 'severe', '--api-key', 'k'], '--fail-on must be critical, high, medium or low, not "severe"'],
    [['upload', 'x.tar', '--server', 'http://127.0.0.1:2', '--group', '1', '--timeout', '0', '--api-key', 'k'], '--timeout must be a whole number of seconds, at least 1, not "0"'],
    [['upload', 'x.tar', '--server', 'http://127.0.0.1:2', '--group', '1'], 'upload needs an API key: --api-key KEY or $BINLENS_API_KEY'],
    [['upload', '--server', 'http://127.0.0.1:2', '--group', '1'], 'missing PATH'],
  ])('%j is a usage error (2)', async (argv, message) => {
    const { code, stdout, stderr } = await runCli(argv, '', {});
    expect([code, stdout, stderr.split('\n')[0]]).toEqual([2, '', `binlens: ${message}`]);
  });
});

describe('upload progress', () => {
  it('says what a busy scan does, how far along it is and the time left', () => {
    expect(describeProgress({ status: 'B', progress: null })).toEqual({ text: 'queued', fraction: null });
    expect(describeProgress({ status: 'P', progress: { stage: 'BOM matching', done: 30, total: 120, eta_seconds: 150 } })).toEqual({ text: 'processing: BOM matching 30/120, about 3 min left', fraction: 0.25 });
    expect(describeProgress({ status: 'S', progress: { stage: 'file extractors\x1b[2J', done: 0, total: 0, eta_seconds: null } })).toEqual({ text: 'started: file extractors\\e[2J', fraction: null });
    expect([formatDuration(0.2), formatDuration(42), formatDuration(3600), formatDuration(4830)]).toEqual(['about 1 s', 'about 42 s', 'about 1 h', 'about 1 h 21 min']);
  });

  it('redraws one line at most every 100 ms, always the last frame, and clears it for good once closed', () => {
    let out = '';
    let now = 0;
    const bar = progressBar({ stderr: (text) => (out += text) }, () => now);
    bar.draw('scan 7', 0.5, 'processing');
    now = 50;
    bar.draw('scan 7', 0.6, 'processing');
    bar.draw('scan 7', 1, 'finishing');
    bar.close();
    bar.draw('scan 7', 1, 'ready');
    expect(out.split('\r\x1b[K')).toEqual(['', 'scan 7 [############------------]  50% processing', 'scan 7 [########################] 100% finishing', '']);
  });
});
