import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Triage } from '../../../lib/api-schemas.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../../../testing/app-frame-handlers.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer, recordingQueries } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { buildTriage } from '../../../testing/triage-builders.ts';

const TRIAGER = buildUser({ permissions: ['add_vulnerabilityinvalidation'] });

const BY_APPLICATION = buildTriage();
const BY_GROUP = buildTriage({
  id: 12, component_name: 'lodash', component_version: null, version_range: '>=4.17.0 <4.18.0', vuln_id: 'CVE-2021-23337', rationale: 'CO', scope: 'G',
  group_scope: 7, result_scope: null, description: '', user: 2, modified: '2026-03-06T09:30:00Z',
});
const RESCORED = buildTriage({
  id: 13, vuln_id: 'CVE-2023-5678', rationale: 'MI', scope: 'FN', result_scope: null, application_name: 'openwrt-23.05.bin', adjusted_severity: 'low', user: null,
  description: 'Reachable only from the LAN.',
});

/** Answers the frame, the name look-ups and the list through `answer`, recording each list query; the DELETEs in `removed`. */
function serve(answer: (query: URLSearchParams) => Response, user = TRIAGER) {
  const { queries, resolve } = recordingQueries(answer);
  const removed: string[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(user)),
    knowledgeBaseAnswer(),
    mock.get('/rest/triages/', resolve),
    mock.get('/rest/users/', () => HttpResponse.json({
      count: 2,
      results: [1, 2].map((id) => ({ id, email: `u${id}@example.com`, username: id === 1 ? 'ada' : 'grace', is_active: true, groups: [], display_local_time: false, container_default_view: 'tree', otp_active: false })),
      links: { next: null, previous: null },
    })),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
    mock.get('/rest/vulnerabilities/{id}/', ({ params }) => HttpResponse.json(vulnerability(String(params['id'])))),
    mock.delete('/rest/triages/delete_list/', ({ request }) => {
      removed.push(new URL(request.url).search);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries, removed };
}

function vulnerability(id: string) {
  return {
    vuln_id: id, kind: 'cve' as const, description: '', published: null, modified: null, cwes: [], references: [], cvss2_score: null, cvss2_severity: null,
    cvss3_score: 5.3, cvss3_severity: 'MEDIUM', cvss3_vector: null, score: 5.3, severity: 'MEDIUM', score_version: '3.1', epss: null, kev: null, aliases: [],
    withdrawn: false, cvss: [], distro_cvss: [],
  };
}

function cells(table: HTMLElement): string[][] {
  return within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

const page = (triages: Triage[]) => HttpResponse.json(paged(triages));

describe('triages page', () => {
  it('lists the triages with their component and versions, rationale, scope target, re-scoring, description and author', async () => {
    const { queries } = serve(() => page([BY_APPLICATION, BY_GROUP, RESCORED]));
    renderRoute('/triages');
    const table = await screen.findByRole('table', { name: 'Triages' });
    expect(queries).toEqual(['?ordering=-modified&limit=25&offset=0']);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Vulnerability', 'Component', 'Rationale', 'Scope', 'Re-score', 'Description', 'Changed']);
    await waitFor(() => expect(cells(table)[0]?.[7]).toBe('ada2026-03-05 08:00 UTC'));
    await waitFor(() => expect(cells(table)[2]?.[5]).toBe('medium 5.3→low'));
    expect(cells(table).map((row) => row.slice(1))).toEqual([
      ['CVE-2024-5535', 'openssl3.0.13', 'Not affected', 'Applicationopenwrt-23.05.bin', '–', 'NPN is not used by any service on the device.', 'ada2026-03-05 08:00 UTC'],
      ['CVE-2021-23337', 'lodash>=4.17.0 <4.18.0', 'Comment', 'GroupRouters', '–', '–', 'grace2026-03-06 09:30 UTC'],
      ['CVE-2023-5678', 'openssl3.0.13', 'Mitigated', 'Application nameopenwrt-23.05.bin', 'medium 5.3→low', 'Reachable only from the LAN.', 'removed user2026-03-05 08:00 UTC'],
    ]);
    expect(within(table).getByRole('link', { name: 'CVE-2021-23337' })).toHaveAttribute('href', '/triages/12');
    expect(screen.getByRole('link', { name: 'Import / export VEX' })).toHaveAttribute('href', '/triages/vex');
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });

  it('keeps the search, the scope, rationale and vulnerability filters and the ordering in the URL', async () => {
    const { queries } = serve(() => page([BY_GROUP]));
    const user = userEvent.setup();
    const { router } = renderRoute('/triages');
    const table = await screen.findByRole('table', { name: 'Triages' });
    await user.click(within(table).getByRole('button', { name: /^Vulnerability/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'vuln_id' }));
    await user.type(screen.getByRole('textbox', { name: 'Search triages' }), 'lodash{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'vuln_id', q: 'lodash' }));
    await user.click(screen.getByLabelText('Scope', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Group' }));
    await user.click(screen.getByLabelText('Rationale', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Vulnerability' }), 'CVE-2021-23337{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'vuln_id', q: 'lodash', scope: 'G', rationale: 'CO', vuln_id: 'CVE-2021-23337' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?q=lodash&ordering=vuln_id&scope=G&rationale=CO&vuln_id=CVE-2021-23337&limit=25&offset=0'));
    expect(queries).toEqual([
      '?ordering=-modified&limit=25&offset=0',
      '?ordering=vuln_id&limit=25&offset=0',
      '?q=lodash&ordering=vuln_id&limit=25&offset=0',
      '?q=lodash&ordering=vuln_id&scope=G&limit=25&offset=0',
      '?q=lodash&ordering=vuln_id&scope=G&rationale=CO&limit=25&offset=0',
      '?q=lodash&ordering=vuln_id&scope=G&rationale=CO&vuln_id=CVE-2021-23337&limit=25&offset=0',
    ]);
  });

  it('says why the list is empty, with or without filters, and drops an unknown filter value from the URL\'s reading', async () => {
    const { queries } = serve(() => page([]));
    const { unmount } = renderRoute('/triages');
    expect(await screen.findByText('No triages yet. Open a component in an application’s analysis tab and triage its vulnerabilities.')).toBeInTheDocument();
    unmount();
    renderRoute('/triages?rationale=CO&scope=XX');
    expect(await screen.findByText('No triages match these filters.')).toBeInTheDocument();
    expect(queries).toEqual(['?ordering=-modified&limit=25&offset=0', '?ordering=-modified&rationale=CO&limit=25&offset=0']);
  });

  it('shows a failed load with its retry, never an empty table', async () => {
    let failing = true;
    serve(() => (failing ? serverError('e-17') : page([BY_APPLICATION])));
    renderRoute('/triages');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error.');
    expect(screen.queryByRole('table', { name: 'Triages' })).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Triages' })).toBeInTheDocument();
  });

  it('removes the selected triages together after a confirmation, then lists what is left', async () => {
    let left = [BY_APPLICATION, BY_GROUP, RESCORED];
    const { removed } = serve(() => page(left));
    const user = userEvent.setup();
    renderRoute('/triages');
    const table = await screen.findByRole('table', { name: 'Triages' });
    expect(screen.queryByRole('button', { name: 'Remove selected' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select CVE-2024-5535 of openssl' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select CVE-2021-23337 of lodash' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove selected triages' });
    expect(dialog).toHaveTextContent('Remove 2 selected triages? The vulnerabilities they resolve or re-score count as they did before, in every application they reach.');
    left = [RESCORED];
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    // The table is mounted anew, without a selection.
    await waitFor(() => expect(cells(screen.getByRole('table', { name: 'Triages' })).map((row) => row[1])).toEqual(['CVE-2023-5678']));
    expect(removed).toEqual(['?id__in=11%2C12']);
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select CVE-2023-5678 of openssl' })).not.toBeChecked();
  });

  it('offers no selection or removal to a user who may not triage, nor where triage is off', async () => {
    serve(() => page([BY_APPLICATION]), buildUser());
    const { unmount } = renderRoute('/triages');
    const table = await screen.findByRole('table', { name: 'Triages' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    unmount();
    serve(() => page([BY_APPLICATION]));
    server.use(mock.get('/rest/settings/company/', () => HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, triage_enabled: false })));
    renderRoute('/triages');
    const again = await screen.findByRole('table', { name: 'Triages' });
    expect(within(again).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
