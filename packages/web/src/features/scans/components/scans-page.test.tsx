import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../lib/format.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

const SIZE = formatBytes(buildScan().size);

describe('applications page', () => {
  it('lists scans with their group, status, component and vulnerability counts and creation time', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      statisticsAnswer(),
      mock.get('/rest/scans/', () =>
        HttpResponse.json(
          paged([
            buildScan({ id: 1, name: 'router.bin', component_count: 1234, vulnerability_counts: { critical: 2, high: 1, medium: 0, low: 1205, missing: 3 } }),
            buildScan({ id: 2, name: 'camera.img', status: 'B', progress: { stage: 'File extractors', done: 1, total: 2 }, vulnerability_counts: null }),
            buildScan({ id: 3, name: 'broken.zip', status: 'F', error: 'Corrupt', component_count: 0, vulnerability_counts: null }),
            buildScan({ id: 4, name: 'clean.tar' }),
          ]),
        ),
      ),
    );
    renderRoute('/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    // The first column holds the row checkboxes of the bulk actions.
    expect(headers).toEqual(['', 'Name', 'Group', 'Status', 'Size', 'Components', 'Vulnerabilities', 'Created']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['', 'router.bin', 'Routers', 'Ready', SIZE, '1 234', '2 critical1 high1 205 low3 unscored', '2026-03-04 05:06 UTC'],
      ['', 'camera.img', 'Routers', 'Busy50%', SIZE, '2', '–', '2026-03-04 05:06 UTC'],
      ['', 'broken.zip', 'Routers', 'Failed', SIZE, '0', '–', '2026-03-04 05:06 UTC'],
      ['', 'clean.tar', 'Routers', 'Ready', SIZE, '2', 'None', '2026-03-04 05:06 UTC'],
    ]);
    expect(within(table).getByRole('link', { name: 'router.bin' })).toHaveAttribute('href', '/product/1/analysis');
    expect(within(table).getByRole('progressbar', { name: 'Scan progress: File extractors' })).toBeInTheDocument();
  });

  it('says "not evaluated" instead of None while the server has no vulnerability data; an administrator gets the way to the data page', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }))),
      knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE),
      statisticsAnswer(),
      mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan({ id: 4, name: 'clean.tar' })]))),
    );
    renderRoute('/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const link = await within(table).findByRole('link', { name: 'not evaluated: no vulnerability data' });
    expect(link).toHaveAttribute('href', '/account/vulnerability-data');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['', 'clean.tar', 'Routers', 'Ready', SIZE, '2', 'not evaluated: no vulnerability data', '2026-03-04 05:06 UTC']);
  });

  it('keeps search and ordering in the URL and asks the server for them, newest first by default', async () => {
    const queries: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      statisticsAnswer(),
      mock.get('/rest/scans/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(paged([buildScan({ id: 1, name: 'router.bin' })]));
      }),
    );
    const { router } = renderRoute('/applications');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(queries).toEqual(['?ordering=-created&limit=25&offset=0']);
    await user.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'name' }));
    await user.type(screen.getByLabelText('Search applications'), 'ROUTER{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'name', q: 'ROUTER' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?q=ROUTER&ordering=name&limit=25&offset=0'));
    await user.click(within(table).getByRole('button', { name: /^Vulnerabilities/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'sort_key', q: 'ROUTER' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?q=ROUTER&ordering=sort_key&limit=25&offset=0'));
  });

  it('says when no application matches the search', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      statisticsAnswer(),
      mock.get('/rest/scans/', () => HttpResponse.json(paged([]))),
    );
    renderRoute('/applications?q=nothing');
    expect(await screen.findByText('No applications match the search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search applications')).toHaveValue('nothing');
  });

  it('filters by status and created dates kept in the URL, and sums the same filters up above the list', async () => {
    const queries: string[] = [];
    const statistics: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      mock.get('/rest/scans/statistics/', ({ request }) => {
        statistics.push(new URL(request.url).search);
        return HttpResponse.json(STATISTICS);
      }),
      mock.get('/rest/scans/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(paged([buildScan({ id: 1, name: 'router.bin' })]));
      }),
    );
    const { router } = renderRoute('/applications?q=meta:RELEASE%3D2.1');
    const summary = await screen.findByRole('group', { name: 'Applications summary' });
    expect(summary.textContent).toBe('7 applications4 ready2 busy1 failedWorst finding:1 critical2 high1 none');
    expect(screen.getByText(/meta:KEY \/ meta:KEY=VALUE for custom data/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'meta:RELEASE=2.1', status: 'F' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?q=meta%3ARELEASE%3D2.1&ordering=-created&limit=25&offset=0&status=F'));
    expect(statistics.at(-1)).toBe('?q=meta%3ARELEASE%3D2.1&status=F');
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'meta:RELEASE=2.1', status: 'F', created_from: '2026-03-01' }));
    const from = new Date('2026-03-01T00:00:00').toISOString();
    await waitFor(() => expect(new URLSearchParams(queries.at(-1)).get('created__gte')).toBe(from));
  });

  it('reads the filters from the URL, and drops values that are not filters', async () => {
    const queries: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      statisticsAnswer(),
      mock.get('/rest/scans/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(paged([]));
      }),
    );
    renderRoute('/applications?status=X&verdict=vulns&created_to=2026-03-31&created_from=yesterday');
    expect(await screen.findByText('No applications match the search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Created to')).toHaveValue('2026-03-31');
    expect(screen.getByLabelText('Created from')).toHaveValue('');
    const to = new Date('2026-03-31T23:59:59.999').toISOString();
    expect(screen.getByLabelText('Verdict', { selector: 'input' })).toHaveValue('Vulnerable');
    expect(queries).toEqual([`?ordering=-created&limit=25&offset=0&verdict=vulns&created__lte=${encodeURIComponent(to)}`]);
  });
});

const STATISTICS = {
  count: 7,
  by_status: { R: 4, B: 1, S: 0, P: 1, D: 0, F: 1 },
  by_verdict: { na: 0, verify: 1, pass: 1, vulns: 2 },
  by_highest_severity: { critical: 1, high: 2, medium: 0, low: 0, missing: 0, none: 1, unknown: 3 },
  vulnerabilities: { critical: 1, high: 5, medium: 2, low: 0, missing: 0 },
};

function statisticsAnswer() {
  return mock.get('/rest/scans/statistics/', () => HttpResponse.json(STATISTICS));
}
