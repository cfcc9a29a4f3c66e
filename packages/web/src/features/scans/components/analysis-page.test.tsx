import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildComponent, buildGroup, buildResult, buildResultVulnerability, buildScan, buildScanSummary, buildUser, buildVuln } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));
// The licences with their classes, as GET licenses/ answers them.
const licenses = mock.get('/rest/scans/{id}/licenses/', () =>
  HttpResponse.json([
    { name: 'Apache-2.0', expression: 'Apache-2.0', policy: 'PE', components: [], files: [] },
    { name: 'GPL-2.0-only', expression: 'GPL-2.0-only', policy: 'RE', components: [], files: [] },
  ]),
);
const group = mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup()));
// The verdicts (header and summary) ask whether there is vulnerability data.
const knowledgeBase = knowledgeBaseAnswer();

const components = [
  buildComponent(),
  buildComponent({
    uid: 'c-busybox',
    lib: 'busybox',
    vendor: 'busybox',
    version: '1.36.1',
    codetype: 'NA',
    objects: [
      { sha1: '1', exe_flags: [], matching_methods: [], extended_fullpath: ['fw.bin', 'bin/busybox'], docker: null },
      { sha1: '2', exe_flags: [], matching_methods: [], extended_fullpath: ['fw.bin', 'sbin/init'], docker: null },
    ],
  }),
];

/** GET /rest/scans/42/scan_summary/: a scan of `components` components, evaluated, with `high` vulnerabilities and no other findings. */
function summaryAnswer(components: number, high = 0) {
  const summary = buildScanSummary({
    verdict: high > 0 ? 'vulns' : 'pass',
    components,
    vulnerabilities: { critical: 0, high, medium: 0, low: 0, missing: 0 },
    licenses: [{ policy: 'RE', count: 0 }, { policy: 'RU', count: 0 }, { policy: 'PE', count: components }, { policy: 'unknown', count: 0 }],
  });
  return mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(summary));
}

/** The panel's card of that name. */
async function summaryCard(name: string): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Findings summary' })).findByRole('group', { name });
}

/** Answers GET /rest/scans/42/ with the given scans in turn, repeating the last one. */
function scanSequence(scans: Scan[]) {
  const state = { requests: 0 };
  const handler = mock.get('/rest/scans/{id}/', () => {
    const scan = scans[Math.min(state.requests, scans.length - 1)];
    state.requests += 1;
    return HttpResponse.json(scan ?? null);
  });
  return { state, handler };
}

afterEach(() => {
  vi.useRealTimers();
});

const VULNERABILITIES = {
  'CVE-2024-5535': buildResultVulnerability({ epss: { score: 0.021, percentile: 0.8, date: null } }),
  'CVE-2023-5678': buildResultVulnerability({ vuln_id: 'CVE-2023-5678', severity: 'MEDIUM', score: 5.3 }),
  'CVE-2021-23337': buildResultVulnerability({ vuln_id: 'CVE-2021-23337', score: 7.2, kev: { date_added: '2024-02-01', due_date: null, ransomware: 'Unknown' } }),
};

describe('analysis page', () => {
  it('polls a busy scan every 3000 ms, shows the components once ready, then stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const busy = buildScan({ status: 'B', progress: { stage: 'BOM matching', done: 1, total: 4 }, component_count: 0 });
    const { state, handler } = scanSequence([busy, { ...busy, status: 'P' }, buildScan()]);
    let resultRequests = 0;
    server.use(
      signedIn,
      group,
      knowledgeBase,
      licenses,
      handler,
      mock.get('/rest/scans/{id}/result/', () => {
        resultRequests += 1;
        return HttpResponse.json(buildResult(components));
      }),
      summaryAnswer(2),
    );

    renderRoute('/product/42/analysis');
    expect(await screen.findByText('Busy')).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(state.requests).toBe(1);

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(state.requests).toBe(2));
    expect(screen.getByText('Busy')).toBeInTheDocument();
    expect(resultRequests).toBe(0);

    await vi.advanceTimersByTimeAsync(3000);
    const table = await screen.findByRole('table', { name: 'Components' });
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(state.requests).toBe(3);

    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Version', 'Type', 'Licence', 'Vulnerabilities', 'EPSS', 'Found by', 'Files', '']);
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent('PermissiveApache-2.0'));
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['openssl', '3.0.13', 'Native', 'PermissiveApache-2.0', 'None', '–', 'Signature', 'openwrt-23.05.bin / rootfs.squashfs / usr/lib/libcrypto.so.3', 'Details'],
      ['busybox', '1.36.1', 'Native', 'PermissiveApache-2.0', 'None', '–', '–', 'fw.bin / bin/busyboxand 1 more', 'Details'],
    ]);
    expect(await summaryCard('Components')).toHaveTextContent(/^Components2/);
    expect(await summaryCard('Vulnerabilities')).toHaveTextContent(/^Vulnerabilities0/);

    await vi.advanceTimersByTimeAsync(9000);
    expect(state.requests).toBe(3);
    expect(resultRequests).toBe(1);
  });

  it('lists each component\'s vulnerabilities and marks inexact ones, under the summary\'s counts', async () => {
    const { handler } = scanSequence([buildScan()]);
    const withVulns = [
      buildComponent({
        vulns: [
          buildVuln({ vuln_id: 'CVE-2024-5535' }),
          buildVuln({ vuln_id: 'CVE-2023-5678', exact: false }),
        ],
      }),
      buildComponent({
        uid: 'c-lodash',
        lib: 'lodash',
        vendor: 'lodash',
        version: '4.17.20',
        vulns: [buildVuln({ vuln_id: 'CVE-2021-23337' }), buildVuln({ vuln_id: 'CVE-2024-5535' })],
      }),
      buildComponent({ uid: 'c-zlib', lib: 'zlib', vendor: 'zlib', version: '1.3.1' }),
    ];
    server.use(
      signedIn,
      group,
      knowledgeBase,
      licenses,
      handler,
      mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult(withVulns, VULNERABILITIES))),
      summaryAnswer(3, 3),
    );

    renderRoute('/product/42/analysis');
    const table = await screen.findByRole('table', { name: 'Components' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(0, 3))).toEqual([
      ['openssl', '3.0.13', 'Native'],
      ['lodash', '4.17.20', 'Native'],
      ['zlib', '1.3.1', 'Native'],
    ]);
    expect(cells.map((row) => [row[4], row[5]])).toEqual([
      ['high2EPSS 2%1 not exact', '2%'],
      ['high2KEVEPSS 2%', '2%'],
      ['None', '–'],
    ]);
    expect(await summaryCard('Components')).toHaveTextContent(/^Components3/);
    expect(await summaryCard('Vulnerabilities')).toHaveTextContent(/^Vulnerabilities3/);

    const badges = within(table).getAllByText('1 not exact');
    expect(badges).toHaveLength(1);
    expect(rows[0]).toContainElement(badges[0] ?? null);
    await userEvent.hover(badges[0] as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The version is unknown or only a range matched.');
  });

  it('shows the reason of a failed scan and no components', async () => {
    const { handler } = scanSequence([buildScan({ status: 'F', error: 'The file is not a supported archive.' })]);
    server.use(signedIn, group, knowledgeBase, handler);
    renderRoute('/product/42/analysis');
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The file is not a supported archive.');
    expect(screen.queryByRole('table', { name: 'Components' })).not.toBeInTheDocument();
  });

  it('redirects /product/42 to its analysis tab', async () => {
    const { handler } = scanSequence([buildScan()]);
    server.use(signedIn, group, knowledgeBase, licenses, handler, mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([]))), summaryAnswer(0));
    const { router } = renderRoute('/product/42');
    expect(await screen.findByText('No components were found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/42/analysis');
  });

  it('shows the not-found page for an unknown scan', async () => {
    server.use(
      signedIn,
      mock.get('/rest/scans/{id}/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderRoute('/product/999/analysis');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('shows the not-found page when the scan loads but its group does not', async () => {
    const { handler } = scanSequence([buildScan()]);
    server.use(
      signedIn,
      handler,
      mock.get('/rest/groups/{id}/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderRoute('/product/42/analysis');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows names, versions and paths from the input escaped, never raw control characters', async () => {
    const hostile = buildComponent({
      uid: 'c-hostile',
      lib: 'evil\u001b[2Jname',
      version: '9.1\0\ud800',
      objects: [{ sha1: '3', exe_flags: [], matching_methods: [], extended_fullpath: ['fw.bin', 'bin/a\nb\u202etxt.exe'], docker: null }],
    });
    const { handler } = scanSequence([buildScan({ name: 'upload\r.bin' })]);
    server.use(signedIn, group, knowledgeBase, licenses, handler, mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([hostile]))), summaryAnswer(1));
    renderRoute('/product/42/analysis');
    expect(await screen.findByText('evil\\e[2Jname')).toBeInTheDocument();
    expect(screen.getByText('9.1\\0\\u{d800}')).toBeInTheDocument();
    expect(screen.getByText('fw.bin / bin/a\\nb\\u{202e}txt.exe')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'upload\\r.bin' })).toBeInTheDocument();
    const page = document.body.cloneNode(true) as HTMLElement;
    for (const style of page.querySelectorAll('style')) style.remove();
    // eslint-disable-next-line no-control-regex -- what must never reach the page
    expect(page.textContent).not.toMatch(/[\u0000-\u001f\u202e]|[\ud800-\udfff]/);
  });

  it('filters by text, type, severity and licence class in the URL, and opens a component with its vulnerabilities and evidence', async () => {
    const { handler } = scanSequence([buildScan()]);
    const result = buildResult(
      [
        buildComponent({ vulns: [buildVuln({ vuln_id: 'CVE-2024-5535' })] }),
        buildComponent({ uid: 'c-busybox', lib: 'busybox', vendor: 'busybox', version: '1.36.1', license: ['GPL-2.0-only'], purl: 'pkg:generic/busybox@1.36.1', objects: [] }),
        buildComponent({ uid: 'c-lodash', lib: 'lodash', vendor: 'lodash', version: '4.17.20', codetype: 'JS', license: ['MIT'], purl: 'pkg:npm/lodash@4.17.20', objects: [], vulns: [buildVuln({ vuln_id: 'CVE-2021-23337' })] }),
      ],
      VULNERABILITIES,
    );
    server.use(
      signedIn, group, knowledgeBase, licenses, handler, summaryAnswer(3, 2),
      mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(result)),
      mock.get('/rest/scans/{id}/evidence/', ({ request }) =>
        HttpResponse.json({
          uid: new URL(request.url).searchParams.get('uid') ?? '',
          evidence: [{ method: 'signature', found_by: 'signatures/openssl', path: ['fw.bin', 'usr/lib/libcrypto.so.3'], offset: 8192, text: 'OpenSSL 3.0.13 30 Jan 2024', license: null }],
          contained_in: [],
        })),
    );
    const { router } = renderRoute('/product/42/analysis');
    const table = await screen.findByRole('table', { name: 'Components' });
    const names = () => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['openssl', 'busybox', 'lodash']);
    const user = userEvent.setup();

    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'JavaScript' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'JS' }));
    expect(names()).toEqual(['lodash']);
    expect(screen.getByText('1 of 3 components')).toBeInTheDocument();

    await router.navigate({ to: '/product/$scanId/analysis', params: { scanId: 42 }, search: { policy: 'RE' } });
    await waitFor(() => expect(names()).toEqual(['busybox']));
    await router.navigate({ to: '/product/$scanId/analysis', params: { scanId: 42 }, search: { severity: 'high', q: 'ssl' } });
    await waitFor(() => expect(names()).toEqual(['openssl']));
    await router.navigate({ to: '/product/$scanId/analysis', params: { scanId: 42 }, search: { severity: 'critical' } });
    expect(await within(table).findByText('No components match these filters.')).toBeInTheDocument();

    await router.navigate({ to: '/product/$scanId/analysis', params: { scanId: 42 }, search: {} });
    await user.click(await screen.findByRole('button', { name: 'Details of openssl' }));
    const panel = await screen.findByRole('dialog', { name: 'openssl 3.0.13' });
    await waitFor(() => expect(router.state.location.search).toEqual({ component: 'c-openssl' }));
    const vulns = within(panel).getByRole('table', { name: 'Vulnerabilities of the component' });
    expect(within(vulns).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['CVE-2024-5535SSL_select_next_proto buffer overread', 'high 7.5', '2%', '–'],
    ]);
    expect(within(vulns).getByRole('link', { name: 'CVE-2024-5535' })).toHaveAttribute('href', '/vulnerabilities/CVE-2024-5535');
    const evidence = await within(panel).findByRole('listitem', { name: 'Signature' });
    expect(evidence).toHaveTextContent('Signaturesignatures/opensslfw.bin / usr/lib/libcrypto.so.3 @ 0x2000OpenSSL 3.0.13 30 Jan 2024');
    expect(within(panel).getByRole('button', { name: 'Copy the package URL' })).toBeInTheDocument();

    await router.navigate({ to: '/product/$scanId/analysis', params: { scanId: 42 }, search: { component: 'c-missing' } });
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('Invalid argumentsThis scan has no such component.');
  });
});
