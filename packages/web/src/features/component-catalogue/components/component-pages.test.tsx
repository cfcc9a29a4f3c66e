import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CatalogueComponentDetails, ComponentVulnerability } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildCatalogueComponent, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer, recordingQueries } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ZLIB: CatalogueComponentDetails = {
  ...buildCatalogueComponent({ vulnerability_count: 2, scan_count: 2 }),
  identified_by: {
    found_by: 'signatures/zlib',
    method: 'signature',
    patterns: 2,
    file_names: ['^libz\\.so(\\.[\\d.]+)?$'],
    sources: ['Debian 12 zlib1g 1:1.2.13.dfsg-1, /usr/lib/x86_64-linux-gnu/libz.so.1.2.13'],
  },
  versions_in_account: [{ version: '1.2.13', scans: 1 }, { version: '', scans: 1 }],
  scans_in_account: [
    { scan_id: 7, scan_name: 'router.bin', group_id: 3, group_name: 'Firmware', version: '1.2.13' },
    { scan_id: 5, scan_name: 'gateway.bin', group_id: 4, group_name: 'Gateways', version: '' },
  ],
};

function buildComponentVulnerability(overrides: Partial<ComponentVulnerability> = {}): ComponentVulnerability {
  return {
    vuln_id: 'CVE-2023-45853',
    summary: 'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64.',
    severity: 'critical',
    score: 9.8,
    score_version: '3.1',
    cvss3_score: 9.8,
    cvss2_score: null,
    epss: { score: 0.0421, percentile: 0.9123 },
    kev: { date_added: '2025-02-03', due_date: '2025-02-24', ransomware: 'Known' },
    ranges: [{ source: 'nvd-cpe', record: 'CVE-2023-45853', criteria: 'cpe:2.3:a:zlib:zlib:*:*:*:*:*:*:*:*', range: '<= 1.3' }],
    ...overrides,
  };
}

const OLD = buildComponentVulnerability({
  vuln_id: 'CVE-2018-25032', summary: 'zlib before 1.2.12 allows memory corruption when deflating.', severity: 'high', score: 7.5, epss: null, kev: null,
  ranges: ['= 1.2.11', '= 1.2.10', '= 1.2.9', '= 1.2.8'].map((range) => ({ source: 'nvd-cpe', record: 'CVE-2018-25032', criteria: 'cpe:2.3:a:zlib:zlib', range })),
});

function serve(details: CatalogueComponentDetails | null = ZLIB, vulnerabilities: (query: URLSearchParams) => Response = () => HttpResponse.json({ ...paged([]), latest_version: null })) {
  const { queries, resolve } = recordingQueries(vulnerabilities);
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/components/{id}/', () => (details ? HttpResponse.json(details) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }))),
    mock.get('/rest/components/{id}/vulnerabilities/', resolve),
  );
  return queries;
}

function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

describe('component pages', () => {
  it('shows what the component is, how it is identified and where it is in your scans', async () => {
    serve();
    renderRoute('/components/zlib');
    const summary = await screen.findByRole('group', { name: 'Component summary' });
    expect(summary).toHaveTextContent('Vendor: zlibLatest known version: 1.3Known vulnerabilities: 2In your scans: 2');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    const about = screen.getByLabelText('About zlib');
    const terms = within(about).getAllByRole('term').map((t) => t.textContent);
    const definitions = within(about).getAllByRole('definition').map((d) => d.textContent);
    expect(terms.map((term, i) => [term, definitions[i]])).toEqual([
      ['Vendor', 'zlib'],
      ['Code type', 'Native (NA)'],
      ['CPE', 'a:zlib:zlib'],
      ['Package URL type', 'generic'],
      ['Licence', 'Zlib'],
      ['Tags', 'compression'],
      ['Identified by', 'Binary signature: 2 version patterns'],
      ['File names', '^libz\\.so(\\.[\\d.]+)?$'],
      ['Checked against', 'Debian 12 zlib1g 1:1.2.13.dfsg-1, /usr/lib/x86_64-linux-gnu/libz.so.1.2.13'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Versions in your scans' }))).toEqual([['1.2.13', '1'], ['no version found', '1']]);
    const scans = screen.getByRole('table', { name: 'Applications holding it' });
    expect(cells(scans)).toEqual([['router.bin', 'Firmware', '1.2.13'], ['gateway.bin', 'Gateways', 'no version found']]);
    expect(within(scans).getByRole('link', { name: 'router.bin' })).toHaveAttribute('href', '/product/7/analysis');
  });

  it('says when none of your scans holds it', async () => {
    serve({ ...ZLIB, scan_count: 0, versions_in_account: [], scans_in_account: [] });
    renderRoute('/components/zlib');
    expect(await screen.findByText('None of the applications you can see holds zlib. Upload a file into one of your groups to find out whether it does.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Applications holding it' })).not.toBeInTheDocument();
  });

  it('lists its vulnerabilities with severity, EPSS, KEV and the affected versions, ordered through the URL', async () => {
    const queries = serve(ZLIB, () => HttpResponse.json({ ...paged([buildComponentVulnerability(), OLD]), latest_version: '1.3' }));
    const user = userEvent.setup();
    const { router } = renderRoute('/components/zlib/vulnerabilities');
    const table = await screen.findByRole('table', { name: 'Known vulnerabilities' });
    expect(screen.getByRole('tab', { name: 'Vulnerabilities' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Vulnerability', 'Severity', 'EPSS · KEV', 'Affected versions', 'Summary']);
    expect(cells(table)).toEqual([
      ['CVE-2023-45853', 'critical 9.8', 'KEV4%', '<= 1.3', 'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64.'],
      ['CVE-2018-25032', 'high 7.5', '–', '= 1.2.11= 1.2.10+2 more', 'zlib before 1.2.12 allows memory corruption when deflating.'],
    ]);
    expect(within(table).getByRole('link', { name: 'CVE-2023-45853' })).toHaveAttribute('href', '/vulnerabilities/CVE-2023-45853');
    expect(queries).toEqual(['?ordering=-score&limit=25&offset=0']);
    await user.click(within(table).getByRole('button', { name: /^EPSS/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-epss' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?ordering=-epss&limit=25&offset=0'));
  });

  it('says the knowledge base knows no vulnerability of it', async () => {
    serve(ZLIB, () => HttpResponse.json({ ...paged([]), latest_version: null }));
    renderRoute('/components/zlib/vulnerabilities');
    expect(await screen.findByText('The knowledge base knows no vulnerability of this component.')).toBeInTheDocument();
  });

  it('has no Coverity scan, and asks for none', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    serve();
    renderRoute('/components/zlib/coverity-scan');
    expect(await screen.findByRole('alert')).toHaveTextContent('No Coverity scan for this component');
    expect(screen.getByRole('tab', { name: 'Coverity scan' })).toHaveAttribute('aria-selected', 'true');
    expect(asked.filter((path) => path.includes('coverity'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows not-found for an unknown component', async () => {
    serve(null);
    renderRoute('/components/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows not-found for a malformed id without asking the API', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    serve();
    renderRoute('/components/Not%20An%20Id');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(asked.filter((path) => path.startsWith('/rest/components/'))).toEqual([]);
    server.events.removeAllListeners();
  });
});
