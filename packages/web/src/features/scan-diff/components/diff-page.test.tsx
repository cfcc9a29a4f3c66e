import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ScanDiff } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer, recordingQueries } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const NO_SEVERITIES = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };

/** router-1.0 → router-1.1: lodash fixed, urllib3 upgraded into a CVE, left-pad gone, agent lost PIE. */
function buildDiff(overrides: Partial<ScanDiff> = {}): ScanDiff {
  const scan = (id: number, name: string) => ({
    id, name, group: 7, group_name: 'Routers', sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3', created: '2026-03-04T05:06:07Z', finished: '2026-03-04T05:09:00Z', component_count: 3,
  });
  return {
    base: scan(12, 'router-1.0.tar'),
    target: scan(15, 'router-1.1.tar'),
    summary: {
      components: { added: 1, removed: 1, changed: 2, unchanged: 4 },
      vulnerabilities: { new: { ...NO_SEVERITIES, critical: 1 }, fixed: { ...NO_SEVERITIES, high: 1, missing: 1 } },
      licenses: { added: 0, removed: 1 },
      executables: { compared: 2, added: 1, removed: 1, regressed: 1, improved: 1 },
    },
    components: {
      added: [{ codetype: 'JS', vendor: '', name: 'zod', version: '3.23.8', purl: 'pkg:npm/zod@3.23.8', licenses: ['MIT'], vulnerabilities: 0 }],
      removed: [{ codetype: 'JS', vendor: '', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0', licenses: ['WTFPL'], vulnerabilities: 0 }],
      changed: [
        { codetype: 'JS', vendor: '', name: 'lodash', base_version: '4.17.20', target_version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21', base_vulnerabilities: 2, target_vulnerabilities: 0 },
        { codetype: 'PY', vendor: '', name: 'urllib3', base_version: '1.26.18', target_version: '2.0.5', purl: 'pkg:pypi/urllib3@2.0.5', base_vulnerabilities: 0, target_vulnerabilities: 1 },
      ],
    },
    vulnerabilities: {
      new: [{ vuln_id: 'CVE-2023-43804', severity: 'critical', score: 9.8, epss: { score: 0.0123, percentile: 0.8, date: null }, kev: null, components: [{ name: 'urllib3', version: '2.0.5' }] }],
      fixed: [
        {
          vuln_id: 'CVE-2021-23337', severity: 'high', score: 7.2, epss: null, kev: { date_added: '2024-01-02', due_date: null, ransomware: 'Unknown' },
          components: [{ name: 'lodash', version: '4.17.20' }],
        },
        { vuln_id: 'CVE-2099-12345', severity: 'missing', score: null, epss: null, kev: null, components: [{ name: 'lodash', version: '4.17.20' }] },
      ],
    },
    licenses: { added: [], removed: [{ name: 'WTFPL', components: ['left-pad'] }] },
    hardening: [
      { path: ['rootfs.squashfs', 'usr/bin/agent'], regressions: ['no-pie'], improvements: [] },
      { path: ['rootfs.squashfs', 'usr/bin/legacy'], regressions: [], improvements: ['no-canary'] },
    ],
    knowledge_base: { state: 'ready', updated: '2026-01-01T03:20:00.000Z' },
    ...overrides,
  };
}

/** The frame's answers, the pickers' scans and the diff through `answer`; returns the diff requests' query strings. */
function serve(answer: () => Response = () => HttpResponse.json(buildDiff())) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan({ id: 15, name: 'router-1.1.tar' }), buildScan({ id: 12, name: 'router-1.0.tar' })]))),
    // Before /rest/scans/{id}/, which the diff's path matches too.
    mock.get('/rest/scans/diff/', resolve),
    mock.get('/rest/scans/{id}/', ({ params }) => HttpResponse.json(buildScan({ id: Number(params.id), name: Number(params.id) === 12 ? 'router-1.0.tar' : 'router-1.1.tar' }))),
  );
  return queries;
}

const cellsOf = (table: HTMLElement) =>
  within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('scan diff page', () => {
  it('names both scans, counts what changed, and lists each change', async () => {
    const queries = serve();
    renderRoute('/diff?base=12&target=15');
    const compared = await screen.findByRole('group', { name: 'Compared scans' });
    expect(queries).toEqual(['?base=12&target=15']);
    expect(within(within(compared).getByRole('region', { name: 'Base (before)' })).getByRole('link', { name: 'router-1.0.tar' })).toHaveAttribute('href', '/product/12');
    expect(within(within(compared).getByRole('region', { name: 'Target (after)' })).getByRole('link', { name: 'router-1.1.tar' })).toHaveAttribute('href', '/product/15');
    expect(compared).toHaveTextContent('Routers · 2026-03-04 05:06 UTC · 3 components');

    const card = (name: string) => screen.getByRole('group', { name });
    expect(card('New vulnerabilities')).toHaveTextContent(/^New vulnerabilities11 critical$/);
    expect(within(card('Fixed vulnerabilities')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 high', '1 unscored']);
    expect(card('Components')).toHaveTextContent(/^Components4Added1Removed1Version changed2Unchanged4$/);
    expect(card('Hardening regressions')).toHaveTextContent(/^Hardening regressions1Executables improved1Executables added1Executables removed1Compared2$/);
    expect(card('Licences')).toHaveTextContent(/^Licences1Added0Removed1$/);

    expect(cellsOf(screen.getByRole('table', { name: 'New vulnerabilities' }))).toEqual([['CVE-2023-43804', 'critical', '9.8', '1.23%', '–', 'urllib3 2.0.5']]);
    expect(cellsOf(screen.getByRole('table', { name: 'Fixed vulnerabilities' }))).toEqual([
      ['CVE-2021-23337', 'high', '7.2', '–', 'Exploited', 'lodash 4.17.20'],
      ['CVE-2099-12345', 'unscored', '–', '–', '–', 'lodash 4.17.20'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Component changes' }))).toEqual([
      ['lodash', 'Version changed', '4.17.20', '4.17.21', '2 → 0', 'JavaScript'],
      ['urllib3', 'Version changed', '1.26.18', '2.0.5', '0 → 1', 'Python'],
      ['zod', 'Added', '–', '3.23.8', '– → 0', 'JavaScript'],
      ['left-pad', 'Removed', '1.3.0', '–', '0 → –', 'JavaScript'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Hardening changes' }))).toEqual([
      ['rootfs.squashfs / usr/bin/agent', 'No PIE', '–'],
      ['rootfs.squashfs / usr/bin/legacy', '–', 'No canary'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Licence changes' }))).toEqual([['WTFPL', 'Removed', 'left-pad']]);
    expect(screen.getByRole('link', { name: 'Swap' })).toHaveAttribute('href', '/diff?base=15&target=12');
  });

  it('on a phone puts severity, score, EPSS and KEV under the id, and the change under the name', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === '(max-width: 48em)', media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    serve();
    renderRoute('/diff?base=12&target=15');
    const fixed = await screen.findByRole('table', { name: 'Fixed vulnerabilities' });
    expect(within(fixed).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Vulnerability', 'Components']);
    expect(cellsOf(fixed)).toEqual([
      ['CVE-2021-23337high7.2 · EPSS –Exploited', 'lodash 4.17.20'],
      ['CVE-2099-12345unscoredno score · EPSS –', 'lodash 4.17.20'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Component changes' }))[0]).toEqual(['lodashVersion changed', '4.17.20 → 4.17.21Vulnerabilities 2 → 0']);
    expect(cellsOf(screen.getByRole('table', { name: 'Hardening changes' }))).toEqual([
      ['rootfs.squashfs / usr/bin/agent', 'Now missingNo PIE'],
      ['rootfs.squashfs / usr/bin/legacy', 'No longer missingNo canary'],
    ]);
    phone.mockRestore();
  });

  it('says so where nothing changed', async () => {
    const empty = { added: [], removed: [] };
    serve(() => HttpResponse.json(buildDiff({
      vulnerabilities: { new: [], fixed: [] }, components: { ...empty, changed: [] }, licenses: empty, hardening: [],
    })));
    renderRoute('/diff?base=12&target=15');
    expect(await screen.findByText('The target has no vulnerability the base did not have.')).toBeInTheDocument();
    expect(screen.getByText('No vulnerability of the base is gone in the target.')).toBeInTheDocument();
    expect(screen.getByText('The same components in the same versions.')).toBeInTheDocument();
    expect(screen.getByText('No executable found in both scans gained or lost a mitigation.')).toBeInTheDocument();
    expect(screen.getByText('The same licences are declared in both scans.')).toBeInTheDocument();
  });

  it('says "not evaluated" instead of vulnerability counts while the knowledge base holds no data', async () => {
    serve(() => HttpResponse.json(buildDiff({ knowledge_base: { state: 'empty', updated: null } })));
    server.use(knowledgeBaseAnswer({ state: 'empty', updated: null }));
    renderRoute('/diff?base=12&target=15');
    const card = await screen.findByRole('group', { name: 'New vulnerabilities' });
    expect(card).toHaveTextContent(/^New vulnerabilitiesnot evaluated: no vulnerability data$/);
    expect(screen.queryByRole('table', { name: 'New vulnerabilities' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Component changes' })).toBeInTheDocument();
  });

  it("shows the server's reason inside the page, with the pickers to choose again", async () => {
    serve(() => HttpResponse.json({ detail: 'Choose two different scans to compare.' }, { status: 400 }));
    renderRoute('/diff?base=12&target=12');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These scans cannot be compared');
    expect(alert).toHaveTextContent('Choose two different scans to compare.');
    // The server's verdict on these ids: asking again would answer the same.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    const pickers = screen.getByRole('group', { name: 'Scans to compare' });
    expect(within(pickers).getByRole('button', { name: 'Compare' })).toBeDisabled();
    expect(await within(pickers).findAllByText('The same scan on both sides')).toHaveLength(2);
  });

  it('offers Retry when the server failed', async () => {
    const queries = serve(() => HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 }));
    renderRoute('/diff?base=12&target=15');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(queries).toEqual(['?base=12&target=15', '?base=12&target=15']));
  });

  it('answers a scan the user cannot see as not found', async () => {
    serve(() => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }));
    renderRoute('/diff?base=12&target=99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });

  it('asks for two scans when the address names none, and compares the two chosen', async () => {
    const queries = serve();
    const { router } = renderRoute('/diff');
    expect(await screen.findByText('Choose two scans to see which components, vulnerabilities, licences and hardening changed between them.')).toBeInTheDocument();
    expect(queries).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Base (before)', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^router-1\.0\.tar \(#12\) · Routers/ }));
    await user.click(screen.getByLabelText('Target (after)', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^router-1\.1\.tar \(#15\) · Routers/ }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ base: 12, target: 15 }));
    expect(await screen.findByRole('group', { name: 'Compared scans' })).toBeInTheDocument();
    expect(queries).toEqual(['?base=12&target=15']);
  });

  it('names an id that is not one, and keeps the valid one chosen', async () => {
    const queries = serve();
    renderRoute('/diff?base=abc&target=15');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The address names base "abc": a scan id is a whole number. Choose the scans below.');
    await waitFor(() => expect(screen.getByLabelText('Target (after)', { selector: 'input' })).toHaveValue('router-1.1.tar (#15) · Routers · 2026-03-04 05:06 UTC'));
    expect(queries).toEqual([]);
  });
});
