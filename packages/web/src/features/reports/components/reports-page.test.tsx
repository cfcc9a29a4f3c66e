import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReportJob } from '../../../lib/api-schemas.ts';
import { buildReport } from '../testing/build-report.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';


function serve(initial: ReportJob[]) {
  let reports = initial;
  const deleted: string[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/reports/', () => HttpResponse.json(paged(reports))),
    mock.delete('/rest/reports/{id}/', ({ params }) => {
      deleted.push(String(params['id']));
      reports = reports.filter((report) => String(report.id) !== params['id']);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deleted;
}

describe('Reports', () => {
  it("lists the user's reports with format, state, date, size, and Download only when ready", async () => {
    serve([
      buildReport(),
      buildReport({ id: 8, name: 'scans-report.csv', kind: 'scans', format: 'csv', state: 'running', size: null, finished: null, scan: null }),
      buildReport({ id: 9, name: 'broken.bin.pdf', state: 'failed', error: 'The scan failed.', size: null }),
    ]);
    renderRoute('/reports');
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Format', 'State', 'Made', 'Size', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['router-fw.bin.pdf', 'PDF report', 'Ready', '2026-12-01 09:30 UTC', '48.21 kB', 'DownloadDelete'],
      ['scans-report.csv', 'Scans (CSV)', 'Being made', '2026-12-01 09:30 UTC', '', 'Delete'],
      ['broken.bin.pdf', 'PDF report', 'Failed', '2026-12-01 09:30 UTC', '', 'Delete'],
    ]);
    const download = within(table).getByRole('link', { name: 'Download router-fw.bin.pdf' });
    expect([download.getAttribute('href'), download.hasAttribute('download')]).toEqual(['/rest/reports/7/download/', true]);
    expect(within(table).getByRole('link', { name: 'scans-report.csv' })).toHaveAttribute('href', '/report/8');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });

  it('deletes a report once confirmed', async () => {
    const deleted = serve([buildReport(), buildReport({ id: 8, name: 'other.pdf' })]);
    renderRoute('/reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete router-fw.bin.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(dialog).toHaveTextContent('Delete the report "router-fw.bin.pdf"? Its file is removed too.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'router-fw.bin.pdf' })).not.toBeInTheDocument());
    expect(deleted).toEqual(['7']);
    expect(screen.getByRole('link', { name: 'other.pdf' })).toBeInTheDocument();
  });

  it('explains how to make a report when there is none', async () => {
    serve([]);
    renderRoute('/reports');
    expect(await screen.findByText('No reports yet. To make one, open an application and choose Actions → Make PDF report in the background; it is listed here, and kept for 7 days.')).toBeInTheDocument();
  });

  it('shows a failed list with its error id and a retry', async () => {
    let fail = true;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/reports/', () => (fail ? serverError('a1b2c3d4e5f6') : HttpResponse.json(paged([buildReport()])))),
    );
    renderRoute('/reports');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('An unknown error occured. Error ID: a1b2c3d4e5f6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('table', { name: 'Reports' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'router-fw.bin.pdf' })).toBeInTheDocument();
  });
});
