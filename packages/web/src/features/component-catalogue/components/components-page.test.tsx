import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildCatalogueComponent, buildUser, paged } from '../../../testing/builders.ts';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer, recordingQueries } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const OPENSSL = buildCatalogueComponent({
  id: 'openssl', url: '/rest/components/openssl/', name: 'openssl', lib: 'openssl', vendor: 'OpenSSL', tags: ['tls'], cpe: 'a:openssl:openssl', license: 'Apache-2.0',
  latest_version: null, vulnerability_count: 0, scan_count: 0,
});

/** Answers the frame, the tags and the list through `answer`, recording each list query. */
function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/components/tags/', () => HttpResponse.json({ count: 2, results: [{ name: 'compression', count: 10 }, { name: 'tls', count: 26 }] })),
    mock.get('/rest/components/', resolve),
  );
  return queries;
}

function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

describe('components page', () => {
  it('lists the supported components with their latest version, vulnerabilities and use in your scans', async () => {
    const queries = serve(() => HttpResponse.json(paged([buildCatalogueComponent(), OPENSSL])));
    renderRoute('/components');
    const table = await screen.findByRole('table', { name: 'Components' });
    expect(queries).toEqual(['?ordering=name&limit=25&offset=0']);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name', 'Vendor', 'Tags', 'Type', 'Latest known', 'Vulnerabilities', 'In your scans',
    ]);
    expect(cells(table)).toEqual([
      ['zlib', 'zlib', 'compression', 'NA', '1.3', '1 234', '2'],
      ['openssl', 'OpenSSL', 'tls', 'NA', '–', '0', '0'],
    ]);
    expect(within(table).getByRole('link', { name: 'zlib' })).toHaveAttribute('href', '/components/zlib');
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('searches, filters by tag and orders through the URL', async () => {
    const queries = serve((query) => HttpResponse.json(paged(query.get('tag') === 'tls' ? [OPENSSL] : [buildCatalogueComponent(), OPENSSL])));
    const user = userEvent.setup();
    const { router } = renderRoute('/components');
    const table = await screen.findByRole('table', { name: 'Components' });
    await user.click(within(table).getByRole('button', { name: /^Vulnerabilities/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-vulnerabilities' }));
    await user.type(screen.getByRole('textbox', { name: 'Search components' }), 'ssl{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-vulnerabilities', q: 'ssl' }));
    await user.click(screen.getByLabelText('Tag', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'tls (26)' }));
    await screen.findByText('1 item');
    expect(router.state.location.search).toEqual({ q: 'ssl', tag: 'tls', ordering: '-vulnerabilities' });
    expect(queries).toEqual([
      '?ordering=name&limit=25&offset=0',
      '?ordering=-vulnerabilities&limit=25&offset=0',
      '?q=ssl&ordering=-vulnerabilities&limit=25&offset=0',
      '?q=ssl&ordering=-vulnerabilities&tag=tls&limit=25&offset=0',
    ]);
  });

  it('says why a filtered list is empty', async () => {
    const queries = serve(() => HttpResponse.json(paged([])));
    renderRoute('/components?codetype=PY');
    expect(await screen.findByText('No components match these filters.')).toBeInTheDocument();
    expect(queries).toEqual(['?ordering=name&codetype=PY&limit=25&offset=0']);
    expect(screen.getByLabelText('Code type', { selector: 'input' })).toHaveValue('Python (PY)');
  });

  it('says "not evaluated" instead of a count while there is no vulnerability data', async () => {
    serve(() => HttpResponse.json(paged([buildCatalogueComponent()])));
    server.use(knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE));
    renderRoute('/components');
    const table = await screen.findByRole('table', { name: 'Components' });
    expect(await within(table).findByText('not evaluated: no vulnerability data')).toBeInTheDocument();
  });

  it('shows a failed list in place with a retry, and 500 with its error id', async () => {
    let fail = true;
    serve(() => (fail ? serverError('e-51') : HttpResponse.json(paged([OPENSSL]))));
    const user = userEvent.setup();
    renderRoute('/components');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('An unknown error occured. Error ID: e-51');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'openssl' })).toBeInTheDocument();
  });
});
