// Acceptance of issue 14: a fresh start whose feeds are reachable (a local mirror of the
// official formats) shows the sync running and then ready on the data page, with no setting
// made: the server runs as `npm start` runs it (packages/server/src/main.ts, fresh data
// directory, PGlite), BINLENS_KB_SYNC unset, only BINLENS_<SOURCE>_URL pointing at the mirror.
// The mirror holds KEV (the first source) half-way, so the page shows the sync under way with
// its progress. Then one feed answers HTTP 500 and another an HTML page: after "Sync now" the
// page shows their errors and the data stays ready. Screenshots at 1280 and 390 px under
// e2e/artifacts/first-start-sync/.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startFeedMirror, type FeedMirror } from './support/feed-mirror.ts';
import { DATA_PAGE, DESKTOP, logIn, shootBothWidths, sourceRow, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let mirror: FeedMirror;
let server: RunningServer | undefined;
let browser: JourneyBrowser;

beforeAll(async () => {
  [mirror, browser] = await Promise.all([startFeedMirror(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mirror?.close();
});

it('syncs every source from the feeds at the first start, showing the sync under way, then ready', async () => {
  const kev = mirror.hold('/kev.json');
  server = await startServer({ defaultSync: true, env: mirror.env });
  await kev.reached;

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(page, 'first-start-sync');
  await logIn(page, server);
  await page.goto(server.baseUrl + DATA_PAGE);
  await page.getByText('Importing', { exact: true }).waitFor();
  await page.getByRole('progressbar', { name: 'kev progress' }).waitFor();
  const [name, state, records, lastImport, feedDate, progress] = await sourceRow(page, 'CISA KEV');
  expect([name, state, records, lastImport, feedDate]).toEqual(['CISA KEV', 'importing', '0', '-', '-']);
  // The bytes reported depend on how the socket cut the first half into chunks: at least 64 KiB of 256 KiB.
  expect(progress).toMatch(/^downloading \d+\.\d\d kB of 262\.14 kB \((2[5-9]|[34]\d|50)%\)$/);
  await shootBothWidths(page, shot, 'data-importing');

  kev.release();
  await page.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
  const session = new ApiSession(server.baseUrl);
  await session.login(server.adminEmail, server.adminPassword);
  const ready = await waitForKnowledgeBase(session, (view) => view.sources.every((s) => s.state === 'ready'));
  expect(ready.sources.map((s) => [s.name, s.state, s.records])).toEqual([
    ['alpine', 'ready', 20], ['debian', 'ready', 8], ['epss', 'ready', 2], ['kev', 'ready', 2], ['nvd', 'ready', 5], ['osv', 'ready', 2], ['ubuntu', 'ready', 7],
  ]);
  await shootBothWidths(page, shot, 'data-ready');

  // The feeds go wrong: Debian answers 500, Alpine a sign-in page. The data loaded stays in use.
  mirror.fail('/debian.json', 'http-500');
  mirror.fail('/alpine/v3.20/main.json', 'html-page');
  await page.getByRole('button', { name: 'Sync now' }).click();
  // Both are retried (after a minute, the default) while the others are already synced again.
  const retrying = await waitForKnowledgeBase(session, (view) => view.sources.filter((s) => s.state === 'retrying' && s.next_attempt !== null).length === 2);
  expect(retrying.sources.filter((s) => s.state === 'retrying').map((s) => s.name)).toEqual(['alpine', 'debian']);
  await expect.poll(() => sourceRow(page, 'Debian tracker').then((cells) => cells[5]), { timeout: 10_000 }).toMatch(/next attempt/);
  await expect.poll(() => sourceRow(page, 'Alpine secdb').then((cells) => cells[5]), { timeout: 10_000 }).toMatch(/next attempt/);
  const debian = await sourceRow(page, 'Debian tracker');
  const alpine = await sourceRow(page, 'Alpine secdb');
  expect([debian[3] === '-', debian[5]?.replace(/next attempt .*$/, 'next attempt …')]).toEqual([
    false, `${mirror.baseUrl}/debian.json: HTTP 500 — next attempt …`,
  ]);
  expect(alpine[5]?.replace(/next attempt .*$/, 'next attempt …')).toBe(
    `${mirror.baseUrl}/alpine/v3.20/main.json: answered an HTML page instead of the feed (a proxy or an error page?) — next attempt …`,
  );
  await shootBothWidths(page, shot, 'data-source-failed');
  expect(mirror.requests.every((path) => path.startsWith('/'))).toBe(true);
  expect(cspViolations()).toEqual([]);
  await page.close();
});
