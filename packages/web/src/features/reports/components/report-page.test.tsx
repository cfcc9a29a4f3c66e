import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportJob } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { downloadNavigation } from '../api/reports.ts';
import { buildReport } from '../testing/build-report.ts';

/** Answers report 7 in the given states, one per request, the last one from then on; the number of requests. */
function serveStates(states: ReportJob[]) {
  let asked = 0;
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/reports/{id}/', ({ params }) => {
      if (params['id'] !== '7') return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const state = states[Math.min(asked, states.length - 1)];
      asked += 1;
      return HttpResponse.json(state);
    }),
    mock.get('/rest/reports/', () => HttpResponse.json(paged([]))),
    mock.delete('/rest/reports/{id}/', () => new HttpResponse(null, { status: 204 })),
  );
  return () => asked;
}

const QUEUED = buildReport({ state: 'queued', size: null, finished: null });

afterEach(() => vi.restoreAllMocks());

describe('Report', () => {
  it('follows a report being made every 2 s, then offers its download', async () => {
    const asked = serveStates([QUEUED, buildReport({ state: 'running', size: null, finished: null }), buildReport()]);
    renderRoute('/report/7');
    expect(await screen.findByRole('heading', { name: 'router-fw.bin.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByText('The report is being made; this page follows it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(await screen.findByText('Being made', {}, { timeout: 3000 })).toBeInTheDocument();
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 3000 });
    expect([download.getAttribute('href'), download.hasAttribute('download')]).toEqual(['/rest/reports/7/download/', true]);
    expect(screen.getByText('Ready')).toBeInTheDocument();
    const details = screen.getByRole('table');
    expect(within(details).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FormatPDF report', 'ApplicationOpen the application', 'Asked for2026-12-01 09:30 UTC', 'Finished2026-12-01 09:30 UTC', 'Size48.21 kB',
    ]);
    expect(screen.queryByText('The report is being made; this page follows it.')).not.toBeInTheDocument();
    // Ready: no more polling.
    const settled = asked();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(asked()).toBe(settled);
  }, 15_000);

  it('shows why a report failed, without a download', async () => {
    serveStates([buildReport({ state: 'failed', error: 'The scan failed, so there is nothing to report: rescan the file or upload it again.', size: null })]);
    renderRoute('/report/7');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be madeThe scan failed, so there is nothing to report: rescan the file or upload it again.');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it("answers another user's or a missing report with the not-found page", async () => {
    serveStates([buildReport()]);
    renderRoute('/report/8');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('deletes the report and goes to the list', async () => {
    serveStates([buildReport()]);
    const { router } = renderRoute('/report/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete report' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });
});

describe('Download', () => {
  it('sends the browser to a ready report with the query passed on', async () => {
    const start = vi.spyOn(downloadNavigation, 'start').mockImplementation(() => undefined);
    serveStates([buildReport()]);
    renderRoute('/download/7?inline=1');
    expect(await screen.findByText('Your download has started')).toBeInTheDocument();
    expect(start.mock.calls).toEqual([['/rest/reports/7/download/?inline=1']]);
  });

  it('waits on the report page until the report is ready, then starts the download once', async () => {
    const start = vi.spyOn(downloadNavigation, 'start').mockImplementation(() => undefined);
    serveStates([QUEUED, buildReport()]);
    renderRoute('/download/7');
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    expect(start).not.toHaveBeenCalled();
    await waitFor(() => expect(start.mock.calls).toEqual([['/rest/reports/7/download/']]), { timeout: 3000 });
  }, 15_000);
});
