import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_WIDTH_QUERY } from '../../../lib/phone-width.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer, recordingQueries } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const SCANS: Scan[] = [
  buildScan({ verdict: 'vulns', component_count: 1234, vulnerability_counts: { critical: 1, high: 3, medium: 0, low: 0, missing: 0 } }),
  buildScan({ id: 43, url: '/rest/scans/43/', name: 'gateway.bin', size: 1_500, component_count: 0, verdict: 'na', verdict_reason: 'The file is empty.', finished: '2026-03-02T10:00:00Z' }),
];

function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())), knowledgeBaseAnswer(), mock.get('/rest/scans/', resolve));
  return queries;
}

function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The browser as a phone held upright (below Mantine's sm breakpoint). */
function phoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    matches: query === PHONE_WIDTH_QUERY, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }));
}

describe('sales scans page', () => {
  it('lists the ready scans, last finished first, each opening its sales view; no group', async () => {
    const queries = serve(() => HttpResponse.json(paged(SCANS)));
    renderRoute('/sales');
    const table = await screen.findByRole('table', { name: 'Ready scans' });
    expect(queries).toEqual(['?status=R&ordering=-finished&limit=25&offset=0']);
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['File', 'Verdict', 'Vulnerabilities', 'Components', 'Size', 'Scanned']);
    expect(rows(table)).toEqual([
      ['openwrt-23.05.bin', 'Vulnerable', '1 critical3 high', '1 234', '7.34 MB', '2026-03-04 05:09 UTC'],
      ['gateway.bin', 'N/AThe file is empty.', 'None known', '0', '1.50 kB', '2026-03-02 10:00 UTC'],
    ]);
    expect(within(table).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/sales/product/42/analysis', '/sales/product/43/analysis']);
  });

  it('shows a phone each file with its verdict, size and date beside its vulnerabilities', async () => {
    phoneWidth();
    serve(() => HttpResponse.json(paged(SCANS.slice(0, 1))));
    renderRoute('/sales');
    const table = await screen.findByRole('table', { name: 'Ready scans' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['File', 'Vulnerabilities']);
    expect(rows(table)).toEqual([['openwrt-23.05.binVulnerable7.34 MB · 2026-03-04 05:09 UTC', '1 critical3 high']]);
  });

  it('searches and orders through the URL', async () => {
    const queries = serve(() => HttpResponse.json(paged(SCANS.slice(0, 1))));
    const { router } = renderRoute('/sales');
    await screen.findByRole('table', { name: 'Ready scans' });
    await userEvent.type(screen.getByRole('textbox', { name: /Search ready scans/ }), 'openwrt{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'openwrt' }));
    await userEvent.click(screen.getByRole('button', { name: /Components/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'openwrt', ordering: 'component_count' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?status=R&q=openwrt&ordering=component_count&limit=25&offset=0'));
  });

  it('says why the list is empty, and shows a failure in place with a retry', async () => {
    serve(() => HttpResponse.json(paged([])));
    const view = renderRoute('/sales');
    expect(await screen.findByText('No scan is ready yet: upload a file into a group, and its sales view opens here once it is scanned.')).toBeInTheDocument();
    view.unmount();

    serve(() => HttpResponse.json(paged([])));
    const searched = renderRoute('/sales?q=nothing');
    expect(await screen.findByText('No ready scan matches the search.')).toBeInTheDocument();
    searched.unmount();

    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1 ? serverError('e-5') : HttpResponse.json(paged(SCANS));
    });
    renderRoute('/sales');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load data/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Ready scans' })).toBeInTheDocument();
  });
});
