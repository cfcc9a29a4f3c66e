import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScanSummary } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildComponent, buildGroup, buildResult, buildScan, buildScanSummary, buildUser } from '../../../testing/builders.ts';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const SUMMARY: ScanSummary = {
  verdict: 'vulns',
  verdict_reason: null,
  components: 12,
  vulnerabilities: { critical: 2, high: 5, medium: 1234, low: 0, missing: 1 },
  kev: 1,
  epss_above_10_percent: 3,
  licenses: [
    { policy: 'RE', count: 3 },
    { policy: 'RU', count: 1 },
    { policy: 'PE', count: 7 },
    { policy: 'unknown', count: 1 },
  ],
  infoleaks: [
    { kind: 'urls', count: 14 },
    { kind: 'emails', count: 3 },
    { kind: 'cloud_provider_keys', count: 2 },
    { kind: 'ips', count: 2 },
    { kind: 'jwts', count: 1 },
    { kind: 'passwords', count: 1 },
  ],
  executables: {
    count: 40,
    missing: [
      { mitigation: 'no-canary', count: 31 },
      { mitigation: 'partial-relro', count: 12 },
      { mitigation: 'no-pie', count: 4 },
    ],
  },
  mobile_apps: 2,
  knowledge_base: { state: 'ready', updated: '2026-12-01T03:17:00.000Z' },
};

/** A scan with no findings, summarised before the knowledge base held any data. */
const NO_DATA: ScanSummary = buildScanSummary({
  components: 1,
  licenses: [{ policy: 'RE', count: 0 }, { policy: 'RU', count: 0 }, { policy: 'PE', count: 0 }, { policy: 'unknown', count: 1 }],
  knowledge_base: { state: 'empty', updated: null },
});

function serve(summary: () => Response, knowledgeBase = knowledgeBaseAnswer()) {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBase,
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
    mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([buildComponent()]))),
    mock.get('/rest/scans/{id}/scan_summary/', summary),
  );
}

/** One card of the panel, found by its name. */
async function card(name: string): Promise<HTMLElement> {
  const panel = await screen.findByRole('region', { name: 'Findings summary' });
  return within(panel).findByRole('group', { name });
}

const items = (element: HTMLElement) => within(element).getAllByRole('listitem').map((item) => item.textContent);

describe('scan summary panel', () => {
  it('shows the verdict and each count of the summary, card by card', async () => {
    serve(() => HttpResponse.json(SUMMARY));
    renderRoute('/product/42/analysis');

    const verdict = await card('Verdict');
    expect(within(verdict).getByLabelText('Verdict Vulnerable')).toHaveTextContent(/^Vulnerable$/);
    expect(verdict).toHaveTextContent(/^VerdictVulnerableComponents have known vulnerabilities\.$/);

    const vulnerabilities = await card('Vulnerabilities');
    expect(within(vulnerabilities).getByText('1 242')).toBeInTheDocument();
    expect(items(within(vulnerabilities).getByRole('list', { name: 'Vulnerabilities by severity' }))).toEqual([
      'Critical 2',
      'High 5',
      'Medium 1 234',
      'Low 0',
      'Unscored 1',
    ]);
    // One segment per severity found, drawn only: the legend above is the text.
    const bar = within(vulnerabilities).getByTestId('severity-bar');
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect([...bar.children].map((segment) => segment.getAttribute('title'))).toEqual(['Critical: 2', 'High: 5', 'Medium: 1 234', 'Unscored: 1']);

    expect(items(await card('Exploitation'))).toEqual(['Known exploited (CISA KEV)1', 'EPSS ≥ 10%3']);
    expect(await card('Vulnerability data')).toHaveTextContent(/^Vulnerability dataVulnerability data of 2026-12-01 03:17 UTC$/);

    const components = await card('Components');
    expect(within(components).getByText('12')).toBeInTheDocument();
    expect(items(components)).toEqual(['Restrictive3', 'Restrictive when estimated1', 'Permissive7', 'Unknown1']);

    const leaks = await card('Info leaks');
    expect(within(leaks).getByText('23')).toBeInTheDocument();
    expect(items(leaks)).toEqual(['URLs14', 'Email addresses3', 'Cloud provider keys2', 'IP addresses2', 'JWTs1']);
    expect(within(leaks).getByRole('link', { name: 'URLs' })).toHaveAttribute('href', '/product/42/info-leak?kind=urls');
    expect(within(leaks).getByRole('link', { name: 'Cloud provider keys' })).toHaveAttribute('href', '/product/42/info-leak?kind=cloud_provider_keys');
    expect(within(leaks).getByRole('link', { name: '1 more kind' })).toHaveAttribute('href', '/product/42/info-leak');

    const executables = await card('Executables');
    expect(within(executables).getByText('40')).toBeInTheDocument();
    expect(items(executables)).toEqual(['No canary31', 'Partial RELRO12', 'No PIE4']);
    expect(within(executables).getByRole('link', { name: 'No canary' })).toHaveAttribute('href', '/product/42/executable-attributes?missing=no-canary');
    expect(within(executables).getByRole('link', { name: 'Partial RELRO' })).toHaveAttribute('href', '/product/42/executable-attributes?missing=partial-relro');

    const apps = await card('Mobile apps');
    expect(within(apps).getByRole('link', { name: '2 mobile apps' })).toHaveAttribute('href', '/product/42/mobile-apps');

    // The components table is still there, under the panel.
    expect(await screen.findByRole('table', { name: 'Components' })).toBeInTheDocument();
  });

  it('says "not evaluated" rather than zero without vulnerability data, and links nothing there is not', async () => {
    serve(() => HttpResponse.json(NO_DATA), knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE));
    renderRoute('/product/42/analysis');

    // Nothing matched against no data is no pass.
    const verdict = await card('Verdict');
    expect(await within(verdict).findByLabelText('Verdict Verify')).toBeInTheDocument();
    expect(verdict).toHaveTextContent(/^VerdictVerifyNo vulnerability data to match the components against, so nothing can pass\.$/);
    expect(await card('Vulnerabilities')).toHaveTextContent(/^Vulnerabilitiesnot evaluated: no vulnerability data$/);
    expect(within(await card('Vulnerabilities')).queryByTestId('severity-bar')).not.toBeInTheDocument();
    expect(await card('Exploitation')).toHaveTextContent(/^Exploitationnot evaluated: no vulnerability data$/);
    expect(await card('Vulnerability data')).toHaveTextContent(/^Vulnerability dataNo vulnerability data yet$/);
    expect(items(await card('Components'))).toEqual(['Restrictive0', 'Restrictive when estimated0', 'Permissive0', 'Unknown1']);
    expect(await card('Info leaks')).toHaveTextContent(/^Info leaks0$/);
    expect(await card('Executables')).toHaveTextContent(/^Executables0$/);
    const apps = await card('Mobile apps');
    expect(apps).toHaveTextContent(/^Mobile apps0$/);
    expect(within(apps).queryByRole('link')).not.toBeInTheDocument();
  });

  it('draws no vulnerabilities found, with data, in the palette\'s "none" colour', async () => {
    serve(() => HttpResponse.json({ ...NO_DATA, knowledge_base: SUMMARY.knowledge_base }));
    renderRoute('/product/42/analysis');
    const vulnerabilities = await card('Vulnerabilities');
    expect(within(vulnerabilities).getByText('No known vulnerabilities')).toBeInTheDocument();
    expect([...within(vulnerabilities).getByTestId('severity-bar').children].map((segment) => segment.getAttribute('title'))).toEqual(['No known vulnerabilities']);
    expect(items(await card('Exploitation'))).toEqual(['Known exploited (CISA KEV)0', 'EPSS ≥ 10%0']);
  });

  it('shows a failed summary in place, with a retry, and the components table still', async () => {
    let requests = 0;
    serve(() => {
      requests += 1;
      return requests === 1 ? HttpResponse.json({ detail: 'The scan is not ready.' }, { status: 409 }) : HttpResponse.json(SUMMARY);
    });
    renderRoute('/product/42/analysis');
    const panel = await screen.findByRole('region', { name: 'Findings summary' });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the summary');
    expect(alert).toHaveTextContent('The scan is not ready.');
    expect(await screen.findByRole('table', { name: 'Components' })).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('group', { name: 'Components' })).toHaveTextContent('12');
  });
});
