import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

describe('applications page', () => {
  it('lists scans with their group, status, component and vulnerability counts and creation time', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
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
    expect(headers).toEqual(['Name', 'Group', 'Status', 'Components', 'Vulnerabilities', 'Created']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['router.bin', 'Routers', 'Ready', '1 234', '2 critical1 high1 205 low3 unscored', '2026-03-04 05:06 UTC'],
      ['camera.img', 'Routers', 'Busy50%', '2', '–', '2026-03-04 05:06 UTC'],
      ['broken.zip', 'Routers', 'Failed', '0', '–', '2026-03-04 05:06 UTC'],
      ['clean.tar', 'Routers', 'Ready', '2', 'None', '2026-03-04 05:06 UTC'],
    ]);
    expect(within(table).getByRole('link', { name: 'router.bin' })).toHaveAttribute('href', '/product/1/analysis');
    expect(within(table).getByRole('progressbar', { name: 'Scan progress: File extractors' })).toBeInTheDocument();
  });

  it('says "not evaluated" instead of None while the server has no vulnerability data; an administrator gets the way to the data page', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }))),
      knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE),
      mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan({ id: 4, name: 'clean.tar' })]))),
    );
    renderRoute('/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const link = await within(table).findByRole('link', { name: 'not evaluated: no vulnerability data' });
    expect(link).toHaveAttribute('href', '/account/vulnerability-data');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['clean.tar', 'Routers', 'Ready', '2', 'not evaluated: no vulnerability data', '2026-03-04 05:06 UTC']);
  });

  it('keeps search and ordering in the URL and asks the server for them, newest first by default', async () => {
    const queries: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
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
    expect(within(table).queryByRole('button', { name: /^Components/ })).not.toBeInTheDocument();
  });

  it('says when no application matches the search', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      knowledgeBaseAnswer(),
      mock.get('/rest/scans/', () => HttpResponse.json(paged([]))),
    );
    renderRoute('/applications?q=nothing');
    expect(await screen.findByText('No applications match the search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search applications')).toHaveValue('nothing');
  });
});
