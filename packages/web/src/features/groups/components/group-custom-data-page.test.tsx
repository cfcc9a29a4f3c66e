import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GroupCustomData } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];

/** Group 9 and a custom-data store the handlers change; returns what was sent. */
function serveCustomData(initial: GroupCustomData[]) {
  let entries = [...initial];
  const sent: { method: string; search: string; body: unknown }[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup({ id: 9, name: 'Gateways', search_path: '9', user_permissions: MANAGES }))),
    mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/groups/{id}/custom_data/', ({ request }) => {
      sent.push({ method: 'GET', search: new URL(request.url).search, body: null });
      return HttpResponse.json(paged([...entries].sort((a, b) => a.key.localeCompare(b.key))));
    }),
    mock.post('/rest/groups/{id}/custom_data/', async ({ request }) => {
      const body = (await request.json()) as { key: string; value: string };
      sent.push({ method: 'POST', search: '', body });
      if (entries.some((e) => e.key === body.key)) return HttpResponse.json({ key: ['This group already has custom data with this key.'] }, { status: 400 });
      const created = { id: 100 + entries.length, ...body };
      entries.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/groups/{id}/custom_data/', async ({ request }) => {
      const body = (await request.json()) as { key: string; value: string };
      sent.push({ method: 'PATCH', search: '', body });
      entries = entries.map((e) => (e.key === body.key ? { ...e, value: body.value } : e));
      return HttpResponse.json(entries.find((e) => e.key === body.key) as GroupCustomData);
    }),
    mock.delete('/rest/groups/{id}/custom_data/', ({ request }) => {
      const search = new URL(request.url).search;
      sent.push({ method: 'DELETE', search, body: null });
      const key = new URLSearchParams(search).get('key');
      entries = entries.filter((e) => e.key !== key);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Custom data' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

describe('group settings: group custom data', () => {
  it('lists the entries, adds one upper-cased and trimmed, and shows the field error of a taken key', async () => {
    const sent = serveCustomData([{ id: 1, key: 'OWNER', value: 'Net team' }]);
    renderRoute('/groups/9/settings/group-custom-data');
    await screen.findByRole('table', { name: 'Custom data' });
    expect(rows()).toEqual([['OWNER', 'Net team']]);
    expect(screen.getByRole('tab', { name: 'Group custom data' })).toHaveAttribute('aria-selected', 'true');
    expect(sent[0]).toEqual({ method: 'GET', search: '?limit=500', body: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Key/), ' product_line ');
    await user.type(screen.getByLabelText('Value'), '  Routers ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rows()).toEqual([['OWNER', 'Net team'], ['PRODUCT_LINE', 'Routers']]));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ key: 'PRODUCT_LINE', value: 'Routers' });
    expect(screen.getByLabelText(/^Key/)).toHaveValue('');

    await user.type(screen.getByLabelText(/^Key/), 'owner');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This group already has custom data with this key.')).toBeInTheDocument();
  });

  it('sends a changed value only, nothing when unchanged, and removes after Yes', async () => {
    const sent = serveCustomData([{ id: 1, key: 'OWNER', value: 'Net team' }, { id: 2, key: 'EMPTY', value: '' }]);
    renderRoute('/groups/9/settings/group-custom-data');
    await screen.findByRole('table', { name: 'Custom data' });
    expect(rows()).toEqual([['EMPTY', '(empty)'], ['OWNER', 'Net team']]);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Edit OWNER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit OWNER' });
    await user.type(within(dialog).getByLabelText('Value'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit OWNER' }));
    const again = await screen.findByRole('dialog', { name: 'Edit OWNER' });
    const value = within(again).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, ' Video team ');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toEqual([['EMPTY', '(empty)'], ['OWNER', 'Video team']]));
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([{ method: 'PATCH', search: '', body: { key: 'OWNER', value: 'Video team' } }]);

    await user.click(screen.getByRole('button', { name: 'Remove EMPTY' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove custom data' });
    expect(within(confirm).getByText('Remove EMPTY from this group?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rows()).toEqual([['OWNER', 'Video team']]));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([{ method: 'DELETE', search: '?key=EMPTY', body: null }]);
  });
});
