import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_WIDTH_QUERY } from '../../../lib/phone-width.ts';
import type { SalesScan, ScanSummary } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildComponent, buildResult, buildSalesScan, buildScanSummary, buildUser, buildVuln } from '../../../testing/builders.ts';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

/** A summary with something in every card that links on the scan page: leak kinds and mitigations beyond the top five, mobile apps. */
const SUMMARY: ScanSummary = buildScanSummary({
  verdict: 'vulns',
  components: 3,
  vulnerabilities: { critical: 1, high: 2, medium: 0, low: 0, missing: 0 },
  kev: 1,
  epss_above_10_percent: 2,
  licenses: [{ policy: 'RE', count: 1 }, { policy: 'RU', count: 0 }, { policy: 'PE', count: 2 }, { policy: 'unknown', count: 0 }],
  infoleaks: ['urls', 'emails', 'ips', 'jwts', 'passwords', 'macs'].map((kind) => ({ kind, count: 1 })),
  executables: { count: 40, missing: ['no-canary', 'no-pie', 'partial-relro', 'no-relro', 'execstack', 'no-fortify'].map((mitigation) => ({ mitigation, count: 2 })) },
  mobile_apps: 2,
});

const COMPONENTS = [
  buildComponent({ uid: 'c-zlib', lib: 'zlib', version: '1.3.1', codetype: 'NA', license: ['Zlib'] }),
  buildComponent({ vulns: [buildVuln({ vuln_id: 'CVE-2024-5535' }), buildVuln({ vuln_id: 'CVE-2024-4741' })] }),
  buildComponent({ uid: 'c-busybox', lib: 'busybox', version: '1.36.1', license: [], vulns: [buildVuln({ vuln_id: 'CVE-2023-42363' })] }),
];

/** The sales view of `scan`; records the paths of the summary and result asked. */
function serve(scan: SalesScan, summary: () => Response = () => HttpResponse.json(SUMMARY), permissions: string[] = []) {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ permissions }))),
    knowledgeBaseAnswer(),
    mock.get('/rest/sales/scans/{id}/', () => HttpResponse.json(scan)),
    mock.get('/rest/sales/scans/{id}/scan_summary/', summary),
    mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult(COMPONENTS))),
  );
  return asked;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const summaryRegion = () => screen.findByRole('region', { name: 'Findings summary' });

function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

describe('sales view analysis tab', () => {
  it("shows the sales endpoint's summary in the scan page's cards, linking nowhere", async () => {
    const asked = serve(buildSalesScan({ verdict: 'vulns' }));
    renderRoute('/sales/product/42/analysis');
    const region = await summaryRegion();
    const vulnerabilities = await within(region).findByRole('group', { name: 'Vulnerabilities' });
    expect(within(vulnerabilities).getByRole('list', { name: 'Vulnerabilities by severity' })).toHaveTextContent('Critical 1High 2Medium 0Low 0Unscored 0');
    expect(within(region).getByRole('group', { name: 'Info leaks' })).toHaveTextContent(/1 more kind$/);
    expect(within(region).getByRole('group', { name: 'Executables' })).toHaveTextContent(/1 more missing$/);
    expect(within(region).getByRole('group', { name: 'Mobile apps' })).toHaveTextContent('Mobile apps2');
    expect(within(region).queryAllByRole('link')).toEqual([]);
    expect(asked).toContain('/rest/sales/scans/42/scan_summary/');
    expect(asked).not.toContain('/rest/scans/42/scan_summary/');
  });

  it('lists every component, the most vulnerable first, with licences and vulnerability ids as text', async () => {
    serve(buildSalesScan());
    renderRoute('/sales/product/42/analysis');
    const table = await screen.findByRole('table', { name: 'Components' });
    expect(screen.getByRole('heading', { name: 'Components (3)' })).toBeInTheDocument();
    expect(rows(table)).toEqual([
      ['openssl', '3.0.13', 'Native', 'Apache-2.0', '2: CVE-2024-5535, CVE-2024-4741'],
      ['busybox', '1.36.1', 'Native', '–', '1: CVE-2023-42363'],
      ['zlib', '1.3.1', 'Native', 'Zlib', '–'],
    ]);
    expect(within(table).queryAllByRole('link')).toEqual([]);
    expect(within(table).queryAllByRole('checkbox')).toEqual([]);
    await userEvent.click(within(table).getByRole('button', { name: /Component/ }));
    expect(rows(table).map((row) => row[0])).toEqual(['busybox', 'openssl', 'zlib']);
  });

  it('shows a phone each component with its version, type and licences beside its vulnerabilities', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === PHONE_WIDTH_QUERY, media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    serve(buildSalesScan());
    renderRoute('/sales/product/42/analysis');
    const table = await screen.findByRole('table', { name: 'Components' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Component', 'Vulnerabilities']);
    expect(rows(table)).toEqual([
      ['openssl 3.0.13Native · Apache-2.0', '2: CVE-2024-5535, CVE-2024-4741'],
      ['busybox 1.36.1Native · –', '1: CVE-2023-42363'],
      ['zlib 1.3.1Native · Zlib', '–'],
    ]);
  });

  it('says "not evaluated" without vulnerability data, without the administrator\'s link the scan page has', async () => {
    serve(buildSalesScan({ verdict: 'verify' }), () => HttpResponse.json({ ...SUMMARY, knowledge_base: { state: 'empty', updated: null } }), ['change_companyaccount']);
    server.use(knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE));
    renderRoute('/sales/product/42/analysis');
    const region = await summaryRegion();
    expect(await within(region).findByRole('group', { name: 'Vulnerabilities' })).toHaveTextContent(/^Vulnerabilitiesnot evaluated: no vulnerability data$/);
    expect(within(region).getByRole('group', { name: 'Exploitation' })).toHaveTextContent(/^Exploitationnot evaluated: no vulnerability data$/);
    expect(within(region).queryAllByRole('link')).toEqual([]);
  });

  it('says the scan is running, asking for no summary or components, and that a failed scan has no results', async () => {
    const asked = serve(buildSalesScan({ status: 'P', finished: null, component_count: null, vulnerability_counts: null, verdict: null }));
    const view = renderRoute('/sales/product/42/analysis');
    expect(await screen.findByText('The scan is still running; this view updates by itself.')).toBeInTheDocument();
    expect(asked.filter((path) => path.endsWith('/scan_summary/') || path.endsWith('/result/'))).toEqual([]);
    view.unmount();

    serve(buildSalesScan({ status: 'F', finished: '2026-03-04T05:07:00Z', component_count: null, vulnerability_counts: null, verdict: null }));
    renderRoute('/sales/product/42/analysis');
    expect(await screen.findByRole('alert')).toHaveTextContent('No resultsThe scan of this file did not complete, so there are no results to show.');
  });

  it('shows a summary that could not be loaded in place, with a retry', async () => {
    let answers = 0;
    serve(buildSalesScan(), () => {
      answers += 1;
      return answers === 1 ? HttpResponse.json({ detail: 'The scan is not ready.' }, { status: 409 }) : HttpResponse.json(SUMMARY);
    });
    renderRoute('/sales/product/42/analysis');
    const alert = await within(await summaryRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the summaryThe scan is not ready.Retry');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(await summaryRegion()).findByRole('group', { name: 'Components' })).toHaveTextContent(/^Components3/);
  });
});
