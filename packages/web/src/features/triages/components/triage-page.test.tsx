import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Triage, TriageUpdate } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../../../testing/app-frame-handlers.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { buildTriage } from '../../../testing/triage-builders.ts';

const TRIAGER = buildUser({ permissions: ['add_vulnerabilityinvalidation'] });

/** Answers the triage (and what it names); records each PATCH body and DELETE path. */
function serve(stored: Triage, user = TRIAGER) {
  const patches: TriageUpdate[] = [];
  const deleted: string[] = [];
  let current = stored;
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(user)),
    knowledgeBaseAnswer(),
    mock.get('/rest/triages/{id}/', ({ params }) => (Number(params['id']) === current.id ? HttpResponse.json(current) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }))),
    mock.patch('/rest/triages/{id}/', async ({ request }) => {
      const body = (await request.json()) as TriageUpdate;
      patches.push(body);
      if (body.rationale === 'OT') return HttpResponse.json({ description: ['The account asks for a description of every triage.'] }, { status: 400 });
      current = { ...current, ...(body as Partial<Triage>), modified: '2026-03-07T10:00:00Z' };
      return HttpResponse.json(current);
    }),
    mock.delete('/rest/triages/{id}/', ({ request }) => {
      deleted.push(new URL(request.url).pathname);
      return new HttpResponse(null, { status: 204 });
    }),
    mock.get('/rest/triages/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/users/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
    mock.get('/rest/groups/{id}/', ({ params }) => HttpResponse.json(buildGroup({ id: Number(params['id']), name: Number(params['id']) === 7 ? 'Routers' : 'Cameras' }))),
    mock.get('/rest/groups/', () => HttpResponse.json(paged([buildGroup(), buildGroup({ id: 8, name: 'Cameras', search_path: '8' })]))),
    mock.get('/rest/vulnerabilities/{id}/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
  );
  return { patches, deleted };
}

const form = () => screen.findByRole('form', { name: 'Edit triage' });

describe('triage page', () => {
  it('shows what the triage is about and where it holds', async () => {
    serve(buildTriage());
    renderRoute('/triages/11');
    expect(await screen.findByRole('heading', { name: 'Triage of CVE-2024-5535' })).toBeInTheDocument();
    const facts = screen.getByRole('table', { name: 'Triage facts' });
    await waitFor(() => expect(within(facts).getByRole('link', { name: 'openwrt-23.05.bin' })).toHaveAttribute('href', '/product/42/analysis'));
    expect(within(facts).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'VulnerabilityCVE-2024-5535',
      'Componentopenssl 3.0.13',
      'OutcomeNot affectedResolves it',
      'Holds forApplication · openwrt-23.05.bin',
      'Made onopenwrt-23.05.bin',
      'Made byUser #1, 2026-03-05 08:00 UTC',
      'Changed2026-03-05 08:00 UTC',
    ]);
  });

  it('sends only the changed fields, and nothing while nothing changed', async () => {
    const { patches } = serve(buildTriage());
    const user = userEvent.setup();
    renderRoute('/triages/11');
    const edit = await form();
    const save = within(edit).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(edit).getByRole('textbox', { name: 'Description' }), ' ');
    expect(save).toBeDisabled();
    await user.click(within(edit).getByLabelText(/^Rationale/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'False positive' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Triage saved');
    expect(patches).toEqual([{ rationale: 'FP' }]);
    // The stored triage is the form's start again: nothing left to save.
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Edit triage' })).getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.click(within(screen.getByRole('form', { name: 'Edit triage' })).getByRole('button', { name: 'Save' }));
    expect(patches).toEqual([{ rationale: 'FP' }]);
  });

  it('changes the versions to a range, re-scores and moves to a group, each as its own field', async () => {
    const { patches } = serve(buildTriage());
    const user = userEvent.setup();
    renderRoute('/triages/11');
    const edit = await form();
    await user.click(within(edit).getByRole('radio', { name: 'A version range' }));
    await user.type(within(edit).getByRole('textbox', { name: 'Version range' }), '>=3.0.0 <3.1.0');
    await user.click(within(edit).getByRole('radio', { name: 'Adjusted severity' }));
    await user.click(within(edit).getByLabelText('Severity it counts with', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await user.click(within(edit).getByLabelText(/^Scope/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Group' }));
    await user.click(within(edit).getByLabelText('Group', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Cameras' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(patches).toEqual([{ scope: 'G', group_scope: 8, version_range: '>=3.0.0 <3.1.0', component_version: null, adjusted_severity: 'low' }]);
  });

  it('checks the fields before sending, and shows the server\'s refusal at its field', async () => {
    const { patches } = serve(buildTriage({ description: 'x' }));
    server.use(mock.get('/rest/settings/company/', () => HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, triage_description_mandatory: true })));
    const user = userEvent.setup();
    renderRoute('/triages/11');
    const edit = await form();
    await user.clear(within(edit).getByRole('textbox', { name: 'Description' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('The account asks for a description of every triage.')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await user.type(within(edit).getByRole('textbox', { name: 'Description' }), 'Other reasons');
    await user.click(within(edit).getByLabelText(/^Rationale/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('The account asks for a description of every triage.')).toBeInTheDocument();
    expect(patches).toEqual([{ rationale: 'OT', description: 'Other reasons' }]);
  });

  it('removes a resolving triage after its confirmation and returns to the list', async () => {
    const { deleted } = serve(buildTriage());
    const user = userEvent.setup();
    const { router } = renderRoute('/triages/11');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove triage' });
    expect(dialog).toHaveTextContent('Remove this triage of CVE-2024-5535 of openssl? The vulnerability opens again in every application the triage reaches.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/triages'));
    expect(deleted).toEqual(['/rest/triages/11/']);
  });

  it('asks its own question before removing an unresolving triage (a comment), and nothing on Cancel', async () => {
    const { deleted } = serve(buildTriage({ rationale: 'CO', description: 'Vendor asked.' }));
    const user = userEvent.setup();
    renderRoute('/triages/11');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove unresolving triage' });
    expect(dialog).toHaveTextContent('Remove this comment on CVE-2024-5535 of openssl? It did not resolve the vulnerability, so nothing is counted differently.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove unresolving triage' })).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
  });

  it('shows the triage read-only to a user who may not triage', async () => {
    serve(buildTriage(), buildUser());
    renderRoute('/triages/11');
    const edit = await form();
    expect(screen.getByRole('note')).toHaveTextContent('Triage is off for the account, or your role may not triage');
    expect(within(edit).getByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(within(edit).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for a triage the user cannot see, and for an id that is none', async () => {
    serve(buildTriage());
    const { unmount } = renderRoute('/triages/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    unmount();
    renderRoute('/triages/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
