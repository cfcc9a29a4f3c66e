import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScanResult, TriageCreate, User } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../../../testing/app-frame-handlers.ts';
import { buildComponent, buildGroup, buildResult, buildResultVulnerability, buildScan, buildScanSummary, buildUser, buildVuln, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { buildTriage } from '../../../testing/triage-builders.ts';

const TRIAGER = buildUser({ permissions: ['add_vulnerabilityinvalidation'] });

const VULNERABILITIES: ScanResult['vulnerabilities'] = {
  'CVE-2024-5535': buildResultVulnerability(),
  'CVE-2023-5678': buildResultVulnerability({ vuln_id: 'CVE-2023-5678', summary: 'DH key check', severity: 'MEDIUM', score: 5.3 }),
  'CVE-2024-0727': buildResultVulnerability({ vuln_id: 'CVE-2024-0727', summary: 'PKCS12 NULL dereference', severity: 'MEDIUM', score: 5.5 }),
};

/** openssl with one vulnerability resolved by triage, one re-scored to low, one open. */
const TRIAGED = buildResult(
  [
    buildComponent({
      component_id: 'openssl',
      vulns: [
        buildVuln({ vuln_id: 'CVE-2024-5535', triages: [buildTriage()] }),
        buildVuln({ vuln_id: 'CVE-2023-5678', unresolved_triages: [buildTriage({ id: 12, vuln_id: 'CVE-2023-5678', rationale: 'MI', adjusted_severity: 'low' })] }),
        buildVuln({ vuln_id: 'CVE-2024-0727' }),
      ],
    }),
  ],
  VULNERABILITIES,
);

/** The analysis tab of scan 42 with `result`; POST /rest/triages/ bodies land in `posted` and are answered by `answer`. */
function serve(result: ScanResult, user: User = TRIAGER, answer: (bodies: TriageCreate[]) => Response = (bodies) => HttpResponse.json(bodies.map((b, i) => buildTriage({ id: 20 + i, vuln_id: b.vuln_id })), { status: 201 })) {
  const posted: TriageCreate[][] = [];
  const state = { results: 0, current: result };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(user)),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
    mock.get('/rest/scans/{id}/licenses/', () => HttpResponse.json([])),
    mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary({ components: 1 }))),
    mock.get('/rest/scans/{id}/evidence/', () => HttpResponse.json({ uid: 'c-openssl', evidence: [], contained_in: [] })),
    // The panel's adjustments (features/overrides): none.
    mock.get('/rest/version-override/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/component-ignores/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/scans/{id}/component-adjustments/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/scans/{id}/result/', () => {
      state.results += 1;
      return HttpResponse.json(state.current);
    }),
    mock.post('/rest/triages/', async ({ request }) => {
      const bodies = (await request.json()) as TriageCreate[];
      posted.push(bodies);
      return answer(bodies);
    }),
  );
  return { posted, state };
}

async function openPanel() {
  const panel = await screen.findByRole('dialog', { name: 'openssl 3.0.13' });
  const table = within(panel).getByRole('table', { name: 'Vulnerabilities of the component' });
  return { panel, table };
}

function rows(table: HTMLElement): string[][] {
  return within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

describe('triage from the analysis tab', () => {
  it('shows each vulnerability\'s triages: resolved ones struck through, re-scored ones before and after; the component counts what is open', async () => {
    serve(TRIAGED);
    renderRoute('/product/42/analysis?component=c-openssl');
    const { table } = await openPanel();
    expect(rows(table)).toEqual([
      ['', 'CVE-2024-5535SSL_select_next_proto buffer overreadNot affected', 'high 7.5', '–', '–'],
      ['', 'CVE-2023-5678DH key checkMitigated', 'medium 5.3→low', '–', '–'],
      ['', 'CVE-2024-0727PKCS12 NULL dereference', 'medium 5.5', '–', '–'],
    ]);
    const resolved = within(table).getByRole('link', { name: 'CVE-2024-5535' });
    expect(resolved).toHaveStyle({ textDecoration: 'line-through' });
    expect(resolved.closest('tr')).toHaveStyle({ opacity: '0.6' });
    expect(within(table).getByRole('link', { name: 'Triage: Not affected' })).toHaveAttribute('href', '/triages/11');
    expect(within(table).getByRole('link', { name: 'Triage: Mitigated' })).toHaveAttribute('href', '/triages/12');

    const components = screen.getByRole('table', { name: 'Components' });
    expect(within(components).getAllByRole('row')[1]?.querySelectorAll('td')[4]?.textContent).toBe('medium21 triaged');
  });

  it('triages the selected vulnerabilities: checks the form, then one body each, and the result is asked again', async () => {
    const { posted, state } = serve(TRIAGED);
    const user = userEvent.setup();
    renderRoute('/product/42/analysis?component=c-openssl');
    const { table, panel } = await openPanel();
    expect(within(panel).getByRole('button', { name: 'Triage selected' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select CVE-2023-5678' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select CVE-2024-0727' }));
    await user.click(within(panel).getByRole('button', { name: 'Triage selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Triage 2 vulnerabilities of openssl 3.0.13' });
    expect(within(dialog).getByRole('list', { name: 'Selected vulnerabilities' })).toHaveTextContent('CVE-2023-5678CVE-2024-0727');
    expect(within(dialog).getByLabelText('Version', { selector: 'input' })).toHaveValue('3.0.13');
    expect(within(dialog).getByLabelText(/^Scope/, { selector: 'input' })).toHaveValue('Application: openwrt-23.05.bin');
    await user.click(within(dialog).getByRole('button', { name: 'Triage 2' }));
    expect(await within(dialog).findByText('Choose why.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByLabelText(/^Rationale/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Not affected' }));
    await user.click(within(dialog).getByLabelText(/^Scope/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Group: Routers' }));
    await user.click(within(dialog).getByRole('radio', { name: 'A version range' }));
    await user.type(within(dialog).getByLabelText('Version range', { selector: 'input' }), '>=3.0.0 <3.0.14');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Built without DH and PKCS12.');
    const before = state.results;
    await user.click(within(dialog).getByRole('button', { name: 'Triage 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Triage 2 vulnerabilities of openssl 3.0.13' })).not.toBeInTheDocument());
    const common = {
      scan_id: 42, component_name: 'openssl', mapped_component_id: 'openssl', component_version: null, version_range: '>=3.0.0 <3.0.14',
      description: 'Built without DH and PKCS12.', rationale: 'NA', scope: 'G', group_scope: 7, adjusted_severity: null, environmental_vector: null,
    };
    expect(posted).toEqual([[{ ...common, vuln_id: 'CVE-2023-5678' }, { ...common, vuln_id: 'CVE-2024-0727' }]]);
    await waitFor(() => expect(state.results).toBe(before + 1));
    expect(within(panel).getByRole('button', { name: 'Triage selected' })).toBeDisabled();
  });

  it('asks for a description when the account makes it mandatory, and re-scores by an environmental vector', async () => {
    const { posted } = serve(TRIAGED);
    server.use(mock.get('/rest/settings/company/', () => HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, triage_description_mandatory: true })));
    const user = userEvent.setup();
    renderRoute('/product/42/analysis?component=c-openssl');
    const { table, panel } = await openPanel();
    await user.click(within(table).getByRole('checkbox', { name: 'Select CVE-2024-0727' }));
    await user.click(within(panel).getByRole('button', { name: 'Triage selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Triage 1 vulnerability of openssl 3.0.13' });
    await user.click(within(dialog).getByLabelText(/^Rationale/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Mitigated' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Environmental vector' }));
    await user.type(within(dialog).getByLabelText('CVSS v3.1 vector', { selector: 'input' }), 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H/MAV:L');
    expect(within(dialog).getByText('Modified attack vector: Local')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));
    expect(await within(dialog).findByText('The account asks for a description of every triage.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Only reachable from the console.');
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual([{
      scan_id: 42, component_name: 'openssl', mapped_component_id: 'openssl', component_version: '3.0.13', version_range: null, vuln_id: 'CVE-2024-0727',
      description: 'Only reachable from the console.', rationale: 'MI', scope: 'R', result_scope: 42, adjusted_severity: null,
      environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H/MAV:L',
    }]);
  });

  it('shows the server\'s refusal in the dialog and keeps it open', async () => {
    serve(TRIAGED, TRIAGER, () => HttpResponse.json({ detail: 'Triage 1: The component does not have this vulnerability in that application.' }, { status: 400 }));
    const user = userEvent.setup();
    renderRoute('/product/42/analysis?component=c-openssl');
    const { table, panel } = await openPanel();
    await user.click(within(table).getByRole('checkbox', { name: 'Select all vulnerabilities' }));
    await user.click(within(panel).getByRole('button', { name: 'Triage selected (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Triage 3 vulnerabilities of openssl 3.0.13' });
    await user.click(within(dialog).getByLabelText(/^Rationale/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Comment (does not resolve)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Triage 3' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Triage 1: The component does not have this vulnerability in that application.');
  });

  it('offers no selection or triage where triage is off, or to a user who may not triage', async () => {
    serve(TRIAGED, buildUser());
    const { unmount } = renderRoute('/product/42/analysis?component=c-openssl');
    const first = await openPanel();
    expect(within(first.table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(first.panel).queryByRole('button', { name: /^Triage selected/ })).not.toBeInTheDocument();
    unmount();
    serve(TRIAGED);
    server.use(mock.get('/rest/settings/company/', () => HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, triage_enabled: false })));
    renderRoute('/product/42/analysis?component=c-openssl');
    const second = await openPanel();
    expect(within(second.table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(second.panel).queryByRole('button', { name: /^Triage selected/ })).not.toBeInTheDocument();
    // The triages still show.
    expect(within(second.table).getByRole('link', { name: 'Triage: Not affected' })).toBeInTheDocument();
  });
});
