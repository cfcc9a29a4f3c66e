import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LicensePolicyOverride } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const mpl: LicensePolicyOverride = { id: 1, license_name: 'MPL-2.0', policy: 'PE', default_policy: 'RE' };
const eula: LicensePolicyOverride = { id: 2, license_name: 'LicenseRef-vendor-eula', policy: 'RE', default_policy: null };

/** The stored overrides behind GET/POST/PATCH/DELETE; every request that changes something is recorded. */
function serve(initial: LicensePolicyOverride[] = [mpl, eula]) {
  let rows = [...initial];
  const requests: string[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ permissions: ['change_companyaccount'] }))),
    knowledgeBaseAnswer(),
    mock.get('/rest/settings/company/licenses/', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      return HttpResponse.json(paged(rows.filter((row) => row.license_name.toLowerCase().includes(q))));
    }),
    mock.post('/rest/settings/company/licenses/', async ({ request }) => {
      const body = (await request.json()) as { license_name: string; policy: LicensePolicyOverride['policy'] };
      requests.push(`POST ${JSON.stringify(body)}`);
      if (rows.some((row) => row.license_name.toLowerCase() === body.license_name.toLowerCase())) {
        return HttpResponse.json({ license_name: ['This licence already has a policy override.'] }, { status: 400 });
      }
      const created = { id: 10, ...body, default_policy: 'PE' as const };
      rows = [...rows, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/settings/company/licenses/{id}/', async ({ params, request }) => {
      const body = (await request.json()) as { policy: LicensePolicyOverride['policy'] };
      requests.push(`PATCH ${String(params['id'])} ${JSON.stringify(body)}`);
      rows = rows.map((row) => (String(row.id) === params['id'] ? { ...row, ...body } : row));
      return HttpResponse.json(rows.find((row) => String(row.id) === params['id']) ?? mpl);
    }),
    mock.delete('/rest/settings/company/licenses/{id}/', ({ params }) => {
      requests.push(`DELETE ${String(params['id'])}`);
      rows = rows.filter((row) => String(row.id) !== params['id']);
      return new HttpResponse(null, { status: 204 }) as never;
    }),
  );
  return requests;
}

async function open(url = '/account-settings/licenses') {
  const view = renderRoute(url);
  await screen.findByRole('table', { name: 'Licence overrides' });
  return { ...view, user: userEvent.setup() };
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Licence overrides' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

describe('account settings: licences', () => {
  it('lists the overrides beside the built-in class', async () => {
    serve();
    await open();
    expect(rowTexts()).toEqual([
      ['MPL-2.0', 'RE · Restrictive'],
      ['LicenseRef-vendor-eula', 'Unclassified'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Policy of MPL-2.0' })).toHaveValue('PE · Permissive');
  });

  it('says so when there are no overrides', async () => {
    serve([]);
    await open();
    expect(screen.getByText('No overrides: every licence has its built-in class.')).toBeInTheDocument();
  });

  it('adds an override, and shows a duplicate under the licence field', async () => {
    const requests = serve();
    const { user } = await open();
    const form = screen.getByRole('form', { name: 'Add a licence override' });
    await user.type(within(form).getByRole('textbox', { name: 'Licence' }), 'mpl-2.0');
    await user.click(within(form).getByRole('button', { name: 'Add override' }));
    expect(await within(form).findByText('This licence already has a policy override.')).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'Licence' }));
    await user.type(within(form).getByRole('textbox', { name: 'Licence' }), ' MIT ');
    await user.click(within(form).getByRole('combobox', { name: 'Policy' }));
    await user.click(await screen.findByRole('option', { name: 'RU · Restrictive when estimated' }));
    await user.click(within(form).getByRole('button', { name: 'Add override' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(requests).toEqual([
      'POST {"license_name":"mpl-2.0","policy":"RE"}',
      'POST {"license_name":"MIT","policy":"RU"}',
    ]);
    expect(within(form).getByRole('textbox', { name: 'Licence' })).toHaveValue('');
  });

  it('changes a policy in place and removes an override only after Yes', async () => {
    const requests = serve();
    const { user } = await open();
    await user.click(screen.getByRole('combobox', { name: 'Policy of MPL-2.0' }));
    await user.click(await screen.findByRole('option', { name: 'RE · Restrictive' }));
    await waitFor(() => expect(requests).toEqual(['PATCH 1 {"policy":"RE"}']));

    await user.click(screen.getByRole('button', { name: 'Remove the override of LicenseRef-vendor-eula' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove licence override?' });
    expect(dialog).toHaveTextContent('LicenseRef-vendor-eula falls back to its built-in class (unclassified) in every report.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove the override of LicenseRef-vendor-eula' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rowTexts()).toEqual([['MPL-2.0', 'RE · Restrictive']]));
    expect(requests).toEqual(['PATCH 1 {"policy":"RE"}', 'DELETE 2']);
  });

  it('searches the overrides with the URL', async () => {
    serve();
    const { user, router } = await open();
    await user.type(screen.getByRole('textbox', { name: 'Search overrides' }), 'eula{Enter}');
    await waitFor(() => expect(rowTexts()).toEqual([['LicenseRef-vendor-eula', 'Unclassified']]));
    expect(router.state.location.search).toEqual({ q: 'eula' });
  });
});
