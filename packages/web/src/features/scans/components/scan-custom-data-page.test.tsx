import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScanCustomData } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const entry = (id: number, key: string, value: string): ScanCustomData => ({ id, url: `/rest/custom-data/${id}/`, product: 42, key, value });

/** The scan page's frame plus a custom-data store the handlers change; returns what was sent. */
function serveCustomData(initial: ScanCustomData[]) {
  let entries = [...initial];
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan({ id: 42 }))),
    mock.get('/rest/custom-data/', ({ request }) => {
      sent.push({ method: 'GET', url: new URL(request.url).search, body: null });
      return HttpResponse.json(paged([...entries].sort((a, b) => a.key.localeCompare(b.key))));
    }),
    mock.post('/rest/custom-data/', async ({ request }) => {
      const body = (await request.json()) as { key: string; value: string };
      sent.push({ method: 'POST', url: '', body });
      if (entries.some((e) => e.key === body.key)) return HttpResponse.json({ key: ['This application already has custom data with this key.'] }, { status: 400 });
      const created = entry(100 + entries.length, body.key, body.value);
      entries.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/custom-data/{id}/', async ({ request, params }) => {
      const body = (await request.json()) as Partial<ScanCustomData>;
      sent.push({ method: 'PATCH', url: String(params.id), body });
      entries = entries.map((e) => (e.id === Number(params.id) ? { ...e, ...body } : e));
      return HttpResponse.json(entries.find((e) => e.id === Number(params.id)) as ScanCustomData);
    }),
    mock.delete('/rest/custom-data/{id}/', ({ params }) => {
      sent.push({ method: 'DELETE', url: String(params.id), body: null });
      entries = entries.filter((e) => e.id !== Number(params.id));
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

describe('scan custom data tab', () => {
  it('lists the entries, adds one upper-cased and trimmed, and shows the field error of a taken key', async () => {
    const sent = serveCustomData([entry(1, 'RELEASE', '2.1')]);
    renderRoute('/product/42/custom-data');
    await screen.findByRole('table', { name: 'Custom data' });
    expect(rows()).toEqual([['RELEASE', '2.1']]);
    expect(screen.getByRole('tab', { name: 'Custom data' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Key/), ' owner ');
    await user.type(screen.getByLabelText('Value'), '  Video team ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rows()).toEqual([['OWNER', 'Video team'], ['RELEASE', '2.1']]));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ product: 42, key: 'OWNER', value: 'Video team' });
    expect(screen.getByLabelText(/^Key/)).toHaveValue('');

    await user.type(screen.getByLabelText(/^Key/), 'release');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This application already has custom data with this key.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ method: 'GET', url: '?product=42&limit=500', body: null });
  });

  it('sends only the changed field of an edit, nothing when unchanged, and removes after Yes', async () => {
    const sent = serveCustomData([entry(1, 'RELEASE', '2.1'), entry(2, 'OWNER', '')]);
    renderRoute('/product/42/custom-data');
    await screen.findByRole('table', { name: 'Custom data' });
    expect(rows()).toEqual([['OWNER', '(empty)'], ['RELEASE', '2.1']]);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Edit RELEASE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit RELEASE' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit RELEASE' }));
    const again = await screen.findByRole('dialog', { name: 'Edit RELEASE' });
    const value = within(again).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, ' 2.2 ');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toEqual([['OWNER', '(empty)'], ['RELEASE', '2.2']]));
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '1', body: { value: '2.2' } }]);

    await user.click(screen.getByRole('button', { name: 'Remove OWNER' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove custom data' });
    expect(within(confirm).getByText('Remove OWNER from this application?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rows()).toEqual([['RELEASE', '2.2']]));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '2', body: null }]);
  });

  it('says when the scan has no custom data', async () => {
    serveCustomData([]);
    renderRoute('/product/42/custom-data');
    expect(await screen.findByText('No custom data yet.')).toBeInTheDocument();
  });
});
