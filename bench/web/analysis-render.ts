// The analysis tab of a big scan in Chromium: an archive of 2,000 npm packages (one
// node_modules/<name>/package.json each, every tenth with a licence the engine classes
// restrictive) among 5,000 files is uploaded and scanned by the real server; then, in Debian's
// Chromium, the time from navigation start to the components table's first row (Performance API:
// performance.now() in the page when the row is there), and the long tasks (PerformanceObserver
// 'longtask', over 50 ms) while the table is scrolled from top to bottom a screen at a time.
// The baseline is the same page for a scan of 20 packages, in the same run. Targets (issue 17):
// under 1 s to render, no long task while scrolling.
//
//   node bench/web/analysis-render.ts [--components 2000] [--files 5000] [--runs 5]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { tar } from '../../packages/server/test/files.ts';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { launchChromium } from '../../e2e/support/browser.ts';
import { logInAsAdmin } from '../../e2e/support/log-in.ts';
import { type RunningServer, startServer } from '../../e2e/support/server-process.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '2000' },
    files: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
  },
});
const componentCount = Number(values.components);
const fileCount = Number(values.files);
const runs = Number(values.runs);

/** `packages` npm packages and plain files up to `files` in all. */
function archive(packages: number, files: number): Buffer {
  const entries = [];
  for (let i = 0; i < packages; i += 1) {
    const name = `bench-pkg-${i}`;
    const license = i % 10 === 0 ? 'GPL-3.0-only' : 'MIT';
    entries.push({ path: `app/node_modules/${name}/package.json`, content: JSON.stringify({ name, version: `1.${i % 17}.${i % 5}`, license }) });
  }
  for (let i = packages; i < files; i += 1) entries.push({ path: `app/assets/file-${i}.txt`, content: `asset ${i}\n` });
  return tar(entries);
}

async function readyScan(api: ApiSession, groupId: number, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const scan = await api.json<{ id: number }>('POST', `/rest/groups/${groupId}/upload/`, form);
  const done = await api.waitForScan(scan.id, 600_000);
  if (done.status !== 'R') throw new Error(`scan of ${name} ended ${done.status}: ${done.error ?? ''}`);
  return scan.id;
}

/** Milliseconds from navigation start until the first row of the components table is in the page. */
async function renderMs(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  // A string, not a function: the page's CSP refuses what Playwright would compile with eval.
  return page.evaluate(`new Promise((resolve) => {
    const check = () => document.querySelector('table[aria-label="Components"] tbody tr td') ? resolve(performance.now()) : requestAnimationFrame(check);
    check();
  })`);
}

/**
 * Long tasks while the table scrolls from top to bottom, `step` pixels every other frame (0: a
 * screen at a time; 120: a mouse wheel's notch): count and longest.
 */
async function scrollLongTasks(page: Page, step: number): Promise<{ count: number; longest: number; steps: number }> {
  await page.evaluate(`(() => { const t = document.querySelector('table[aria-label="Components"]'); let b = t.parentElement; while (b && b.scrollHeight <= b.clientHeight) b = b.parentElement; (b ?? document.scrollingElement).scrollTop = 0; })()`);
  return page.evaluate(`new Promise((resolve) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration)));
    observer.observe({ type: 'longtask' });
    const table = document.querySelector('table[aria-label="Components"]');
    let box = table.parentElement;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    const scroller = box ?? document.scrollingElement;
    let steps = 0;
    const step = () => {
      steps += 1;
      scroller.scrollTop += ${step} || scroller.clientHeight;
      if (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) requestAnimationFrame(() => requestAnimationFrame(step));
      else setTimeout(() => { observer.disconnect(); resolve({ count: tasks.length, longest: Math.max(0, ...tasks), steps }); }, 200);
    };
    step();
  })`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const work = await mkdtemp(join(tmpdir(), 'binlens-render-bench-'));
let server: RunningServer | undefined;
const browser = await launchChromium();
try {
  server = await startServer({ dataDir: work });
  const api = new ApiSession(server.baseUrl);
  await api.login(server.adminEmail, server.adminPassword);
  const groupId = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Render bench' })).id;
  const big = await readyScan(api, groupId, 'big-app.tar', archive(componentCount, fileCount));
  const small = await readyScan(api, groupId, 'small-app.tar', archive(20, 50));
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logInAsAdmin(page, server);
  const measure = async (scanId: number) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await renderMs(page, `${server?.baseUrl}/product/${scanId}/analysis`));
    return { times, screens: await scrollLongTasks(page, 0), wheel: await scrollLongTasks(page, 120) };
  };
  // The first visit warms the server's caches and the browser's script cache for both.
  await measure(small);
  const baseline = await measure(small);
  const measured = await measure(big);
  const rows = [
    ['baseline: 20 components', baseline],
    [`${componentCount} components, ${fileCount} files`, measured],
  ] as const;
  console.log('| scan | render ms: min / median / max | long tasks, a screen at a time (count, longest ms, steps) | long tasks, 120 px steps (count, longest ms, steps) |');
  console.log('|---|---|---|---|');
  const tasks = ({ count, longest, steps }: { count: number; longest: number; steps: number }) => `${count}, ${longest.toFixed(0)}, ${steps}`;
  for (const [name, { times, screens, wheel }] of rows) {
    console.log(`| ${name} | ${Math.min(...times).toFixed(0)} / ${median(times).toFixed(0)} / ${Math.max(...times).toFixed(0)} | ${tasks(screens)} | ${tasks(wheel)} |`);
  }
  console.log(`render median ratio to the baseline: ${(median(measured.times) / median(baseline.times)).toFixed(2)}x; target under 1000 ms and no long task while scrolling`);
} finally {
  await browser.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}
