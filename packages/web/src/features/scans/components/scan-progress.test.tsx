import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildResult, buildScan, buildScanSummary, buildUser } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { formatTimeLeft } from './scan-progress.tsx';

const extracting: Scan = buildScan({
  status: 'S',
  component_count: null,
  progress: {
    stage: 'file extractors',
    done: 120,
    total: 300,
    status: 'S',
    eta_seconds: 95,
    processes: [
      { name: 'file extractors', files_done: 120, files_total: 300, bytes_done: 30_000_000, bytes_total: 50_000_000, started: '2026-03-04T05:06:10Z', finished: null },
    ],
  },
});
const analysing: Scan = buildScan({
  status: 'P',
  component_count: null,
  progress: {
    stage: 'infoleak',
    done: 10,
    total: 40,
    status: 'P',
    eta_seconds: null,
    processes: [
      { name: 'file extractors', files_done: 300, files_total: 300, bytes_done: 50_000_000, bytes_total: 50_000_000, started: '2026-03-04T05:06:10Z', finished: '2026-03-04T05:07:00Z' },
      { name: 'Rapid Scan Static', files_done: 4, files_total: 4, bytes_done: null, bytes_total: null, started: '2026-03-04T05:07:00Z', finished: '2026-03-04T05:07:02Z' },
      { name: 'infoleak', files_done: 10, files_total: 40, bytes_done: null, bytes_total: null, started: '2026-03-04T05:07:02Z', finished: null },
    ],
  },
});

afterEach(() => {
  vi.useRealTimers();
});

/** Each scanner process as [name, share done, work done]. */
const rowsOf = (list: HTMLElement) =>
  within(list).getAllByRole('listitem').map((item) => Array.from(item.querySelectorAll('p')).map((text) => text.textContent));

describe('scan progress', () => {
  it('shows each scanner process live, polling every 3000 ms, and goes once the scan is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [extracting, analysing, buildScan()];
    let requests = 0;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
      mock.get('/rest/scans/{id}/', () => HttpResponse.json(answers[Math.min(requests++, answers.length - 1)] ?? null)),
      mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([]))),
      mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary())),
    );
    renderRoute('/product/42/analysis');

    const panel = await screen.findByRole('region', { name: 'Scan progress' });
    expect(within(panel).getByText('Started: fetching and unpacking the input · file extractors')).toBeInTheDocument();
    expect(within(panel).getByText('about 2 min left')).toBeInTheDocument();
    expect(rowsOf(within(panel).getByRole('list', { name: 'Scanner processes' }))).toEqual([['file extractors', '60%', '120 of 300 files, 30.00 MB of 50.00 MB']]);

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(within(panel).getByText('Processing: analysing the files · infoleak')).toBeInTheDocument());
    expect(within(panel).getByText('Estimating the time left…')).toBeInTheDocument();
    expect(rowsOf(within(panel).getByRole('list', { name: 'Scanner processes' }))).toEqual([
      ['file extractors', 'done', '300 of 300 files, 50.00 MB of 50.00 MB'],
      ['Rapid Scan Static', 'done', '4 of 4 files'],
      ['infoleak', '25%', '10 of 40 files'],
    ]);

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scan progress' })).toBeNull());
    expect(screen.getByText('Ready')).toBeInTheDocument();
  });

  it('reads the scan log once it is opened', async () => {
    let logRequests = 0;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
      mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
      mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([]))),
      mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary())),
      mock.get('/rest/scans/{id}/scan-log', () => {
        logRequests += 1;
        return HttpResponse.json({
          lines: [
            { at: '2026-03-04T05:06:07Z', level: 'info', message: 'Queued; waiting for a worker' },
            { at: '2026-03-04T05:06:08Z', level: 'warning', message: 'Started again on worker host-b:77 (attempt 2 of 3): the previous attempt stopped' },
          ],
        });
      }),
    );
    renderRoute('/product/42/analysis');
    await userEvent.click(await screen.findByRole('button', { name: 'Scan log' }));
    const lines = await screen.findByLabelText('Scan log lines');
    expect(lines.textContent).toContain('Queued; waiting for a worker');
    expect(lines.textContent).toContain('Started again on worker host-b:77 (attempt 2 of 3): the previous attempt stopped');
    expect(logRequests).toBe(1);
  });

  it('words the time left', () => {
    expect([formatTimeLeft(0.2), formatTimeLeft(40), formatTimeLeft(95), formatTimeLeft(7500)]).toEqual(['about 1 s left', 'about 40 s left', 'about 2 min left', 'about 2 h 5 min left']);
  });
});
