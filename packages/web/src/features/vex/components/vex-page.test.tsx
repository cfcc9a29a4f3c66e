import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VexImportResult, VexImportTriage } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const TRIAGER = buildUser({ permissions: ['add_vulnerabilityinvalidation'] });

const NOT_AFFECTED: VexImportTriage = {
  statement: 1, triage: null, vuln_id: 'CVE-2021-23337', component_name: 'lodash', component_version: '4.17.20', version_range: null, rationale: 'NA',
  description: 'template() is never called.', scope: 'R', group_scope: null, result_scope: 42, application_name: null, triaged_obj: null, scan_id: 42,
  adjusted_severity: null, environmental_vector: null,
};
const PATCHED: VexImportTriage = {
  ...NOT_AFFECTED, statement: 2, vuln_id: 'CVE-2020-28500', version_range: '>=4.17.0 <4.18.0', component_version: null, rationale: 'VP', scope: 'G', group_scope: 7,
  result_scope: null, description: '',
};
const RESCORED: VexImportTriage = { ...NOT_AFFECTED, statement: 3, vuln_id: 'CVE-2021-44906', component_name: 'minimist', component_version: '1.2.5', rationale: 'MI', adjusted_severity: 'low', triage: 31 };

const PREVIEW: VexImportResult = { dialect: 'openvex', dry_run: true, create: [NOT_AFFECTED, PATCHED], unchanged: [RESCORED], unknown: [] };

interface Sent {
  fields: Record<string, string>;
  file: string | null;
}

/** Answers the frame and the pickers; each POST /rest/vex/ is recorded (its fields and file name) and answered by `answer`. */
function serve(answer: (sent: Sent) => Response, user = TRIAGER) {
  const sent: Sent[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(user)),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/', () => HttpResponse.json(paged([buildGroup(), buildGroup({ id: 9, name: 'Switches', search_path: '9' })]))),
    mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan(), buildScan({ id: 43, name: 'switch.bin' })]))),
    mock.post('/rest/vex/', async ({ request }) => {
      // The multipart body as the browser's XMLHttpRequest sends it: the fields, then the file.
      const body = await request.text();
      const entry: Sent = { fields: {}, file: /name="file"; filename="([^"]*)"/.exec(body)?.[1] ?? null };
      for (const [, key, value] of body.matchAll(/name="(\w+)"\r\n\r\n([^\r]*)\r\n/g)) if (key && value !== undefined) entry.fields[key] = value;
      sent.push(entry);
      return answer(entry);
    }),
  );
  return sent;
}

const vexFile = () => new File(['{"@context":"https://openvex.dev/ns/v0.2.0"}'], 'supplier.openvex.json', { type: 'application/json' });
const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));

describe('VEX page', () => {
  it('offers the account\'s, a group\'s or an application\'s triages as CycloneDX or OpenVEX downloads', async () => {
    serve(() => HttpResponse.json(PREVIEW));
    const user = userEvent.setup();
    renderRoute('/triages/vex');
    const exportCard = await screen.findByRole('region', { name: 'Export' });
    const download = () => within(exportCard).queryByRole('link', { name: 'Download' })?.getAttribute('href') ?? null;
    expect(download()).toBe('/rest/vex/?format=cyclonedx');
    await user.click(within(exportCard).getByRole('radio', { name: /^OpenVEX/ }));
    expect(download()).toBe('/rest/vex/?format=openvex');

    await user.click(within(exportCard).getByRole('radio', { name: 'Group' }));
    expect(download()).toBeNull();
    expect(within(exportCard).getByRole('button', { name: 'Download' })).toBeDisabled();
    await user.click(within(exportCard).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Switches' }));
    expect(download()).toBe('/rest/groups/9/vex/?format=openvex');

    await user.click(within(exportCard).getByRole('radio', { name: 'Application' }));
    await user.click(within(exportCard).getByRole('combobox', { name: 'Application' }));
    await user.click(await screen.findByRole('option', { name: 'switch.bin (Routers, #43)' }));
    expect(download()).toBe('/rest/scans/43/vex/?format=openvex');
    await user.click(within(exportCard).getByRole('radio', { name: /^CycloneDX/ }));
    expect(download()).toBe('/rest/scans/43/vex/?format=cyclonedx');
  });

  it('previews an import (a dry run), then applies it and says what was made', async () => {
    const sent = serve(({ fields }) => HttpResponse.json(fields['dry_run'] === 'true'
      ? PREVIEW
      : { ...PREVIEW, dry_run: false, create: [{ ...NOT_AFFECTED, triage: 40 }, { ...PATCHED, triage: 41 }] }, { status: fields['dry_run'] === 'true' ? 200 : 201 }));
    const user = userEvent.setup();
    renderRoute('/triages/vex');
    const importCard = await screen.findByRole('region', { name: 'Import' });
    await user.upload(within(importCard).getByLabelText('VEX document'), vexFile());
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText(/^OpenVEX document, 3 statements read\./)).toBeInTheDocument();
    expect(sent).toEqual([{ fields: { scope: 'document', dry_run: 'true' }, file: 'supplier.openvex.json' }]);
    expect(rows('To be made')).toEqual([
      ['1', 'CVE-2021-23337', 'lodash4.17.20', 'Not affected', 'Applicationopenwrt-23.05.bin', 'template() is never called.'],
      ['2', 'CVE-2020-28500', 'lodash>=4.17.0 <4.18.0', 'Vendor patched', 'GroupRouters', '–'],
    ]);
    expect(rows('Already there')).toEqual([['3', 'CVE-2021-44906', 'minimist1.2.5', 'MitigatedRe-scored: low', 'Applicationopenwrt-23.05.bin', 'template() is never called.']]);
    expect(within(screen.getByRole('table', { name: 'Already there' })).getByRole('link', { name: 'CVE-2021-44906' })).toHaveAttribute('href', '/triages/31');
    expect(screen.queryByRole('table', { name: 'Refused' })).not.toBeInTheDocument();

    await user.click(within(importCard).getByRole('button', { name: 'Apply: make 2 triages' }));
    expect(await within(importCard).findByRole('status')).toHaveTextContent('Made 2 triages; 1 was already there. See the triages');
    expect(within(importCard).getByRole('link', { name: 'See the triages' })).toHaveAttribute('href', '/triages');
    expect(sent.map((s) => s.fields)).toEqual([{ scope: 'document', dry_run: 'true' }, { scope: 'document', dry_run: 'false' }]);
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('sends the group or the application the scope needs, and asks for them before sending', async () => {
    const sent = serve(() => HttpResponse.json(PREVIEW));
    const user = userEvent.setup();
    renderRoute('/triages/vex');
    const importCard = await screen.findByRole('region', { name: 'Import' });
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    expect(within(importCard).getByText('Choose a VEX document.')).toBeInTheDocument();
    await user.upload(within(importCard).getByLabelText('VEX document'), vexFile());
    await user.click(within(importCard).getByLabelText('Scope of the triages', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Group: its applications' }));
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    expect(within(importCard).getByText('Choose the group.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(importCard).getByLabelText('Group', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Routers' }));
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent.map((s) => s.fields)).toEqual([{ scope: 'G', group_scope: '7', dry_run: 'true' }]));

    await user.click(within(importCard).getByLabelText('Scope of the triages', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Application name: every upload of this name' }));
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    await user.click(within(importCard).getByLabelText('Application', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'openwrt-23.05.bin (Routers, #42)' }));
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent.at(-1)?.fields).toEqual({ scope: 'FN', result_scope: '42', dry_run: 'true' }));
  });

  it('lists what the scope does not have and offers no apply while anything is refused', async () => {
    serve(() => HttpResponse.json({
      ...PREVIEW, create: [NOT_AFFECTED], unchanged: [],
      unknown: [
        { statement: 2, vuln_id: 'CVE-2024-0001', product: 'pkg:npm/left-pad@1.3.0', reason: 'component' },
        { statement: 3, vuln_id: 'CVE-2024-0002', product: 'pkg:npm/lodash@4.17.20', reason: 'vulnerability' },
      ],
    }));
    const user = userEvent.setup();
    renderRoute('/triages/vex');
    const importCard = await screen.findByRole('region', { name: 'Import' });
    await user.upload(within(importCard).getByLabelText('VEX document'), vexFile());
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(rows('Refused')).toEqual([
      ['2', 'CVE-2024-0001', 'pkg:npm/left-pad@1.3.0', 'No application of the scope has this component'],
      ['3', 'CVE-2024-0002', 'pkg:npm/lodash@4.17.20', 'The component does not have this vulnerability there'],
    ]);
    expect(screen.getByText(/nothing is imported while any is refused/)).toBeInTheDocument();
    expect(within(importCard).getByRole('button', { name: 'Apply: make 1 triage' })).toBeDisabled();
  });

  it('shows the server\'s refusal of the document under the file field, and any other in place', async () => {
    let answer = () => HttpResponse.json({ file: ['This is not a VEX document this server reads.'] }, { status: 400 });
    serve(() => answer());
    const user = userEvent.setup();
    renderRoute('/triages/vex');
    const importCard = await screen.findByRole('region', { name: 'Import' });
    await user.upload(within(importCard).getByLabelText('VEX document'), vexFile());
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    expect(await within(importCard).findByText('This is not a VEX document this server reads.')).toBeInTheDocument();
    answer = () => HttpResponse.json({ detail: 'Triage is turned off for this account.' }, { status: 403 });
    await user.click(within(importCard).getByRole('button', { name: 'Preview' }));
    expect(await within(importCard).findByRole('alert')).toHaveTextContent('Triage is turned off for this account.');
  });

  it('offers only the export to a user who may not triage', async () => {
    serve(() => HttpResponse.json(PREVIEW), buildUser());
    renderRoute('/triages/vex');
    await screen.findByRole('region', { name: 'Export' });
    expect(screen.getByText(/^Importing makes triages: it needs the triage permission/)).toBeInTheDocument();
    expect(screen.queryByLabelText('VEX document')).not.toBeInTheDocument();
  });
});
