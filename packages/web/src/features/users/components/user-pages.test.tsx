import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountUser, GroupMembership } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { ADMIN, buildAccountUser, frameAnswers } from '../testing/users-fixtures.ts';

const bob = buildAccountUser({ id: 5, email: 'bob@example.com', groups: [7] });

/** Bob, his membership of Routers, and every change request the page sends. */
function answer(me = ADMIN) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let stored: AccountUser = bob;
  let memberships: GroupMembership[] = [{ id: 31, group_id: 7, user_id: 5, role: 'GU' }];
  const record = async (request: Request) => {
    const body: unknown = await request.clone().json().catch(() => null);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    ...frameAnswers(me),
    mock.get('/rest/group-memberships/', ({ request }) => {
      const userId = Number(new URL(request.url).searchParams.get('user_id'));
      return HttpResponse.json(paged(memberships.filter((membership) => membership.user_id === userId)));
    }),
    mock.get('/rest/users/{id}/', ({ params }) =>
      params['id'] === '5' ? HttpResponse.json(stored) : params['id'] === String(me.id) ? HttpResponse.json(buildAccountUser({ id: me.id, email: me.email, username: me.username })) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
    mock.patch('/rest/users/{id}/', async ({ request }) => {
      stored = { ...stored, ...((await record(request)) as object) };
      return HttpResponse.json(stored);
    }),
    mock.patch('/rest/users/me/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(me);
    }),
    mock.post('/rest/group-memberships/', async ({ request }) => {
      const body = (await record(request)) as GroupMembership;
      const created = { ...body, id: 40 };
      memberships = [...memberships, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/group-memberships/{id}/', async ({ request, params }) => {
      const body = (await record(request)) as { role: 'GU' | 'M' };
      memberships = memberships.map((membership) => (String(membership.id) === params['id'] ? { ...membership, role: body.role } : membership));
      const changed = memberships.find((membership) => String(membership.id) === params['id']);
      return changed ? HttpResponse.json(changed) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    mock.delete('/rest/group-memberships/{id}/', async ({ request, params }) => {
      await record(request);
      memberships = memberships.filter((membership) => String(membership.id) !== params['id']);
      return new HttpResponse(null, { status: 204 });
    }),
    mock.post('/rest/users/{id}/reset_password/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ detail: 'Mail is not configured on this server (BINLENS_SMTP_URL is not set): set a password for the user instead.' }, { status: 409 });
    }),
    mock.delete('/rest/users/{id}/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ detail: "The user's scans are still stored: deactivate the user to keep their data, or remove their scans first." }, { status: 409 });
    }),
    mock.get('/rest/scans/', ({ request }) => HttpResponse.json(paged(new URL(request.url).searchParams.get('group') === '7' ? [buildScan({ id: 42, name: 'openwrt.bin' })] : []))),
  );
  return sent;
}

/** Types a long value at once (paste), so that a busy machine does not time the test out. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe("a user's pages", () => {
  it('opens on the overview with the tabs of spec §2, the permissions tab only for an administrator', async () => {
    answer();
    const { router } = renderRoute('/users/5');
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/5/overview'));
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Permissions', 'Groups', 'Applications', 'Settings', 'Authentication']);
  });

  it('shows the signed-in user at /users/me without the permissions tab for a non-administrator', async () => {
    const me = buildUser({ id: 3, email: 'dave@example.com', username: 'dave', permissions: [] });
    answer(me);
    renderRoute('/users/me/overview');
    expect(await screen.findByRole('heading', { name: 'dave' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Groups', 'Applications', 'Settings', 'Authentication']);
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('answers a user one may not see, and a malformed id, with the not-found page', async () => {
    answer();
    renderRoute('/users/77/overview');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });

  it("shows why a reset mail was not sent, and sets a password only when long enough", async () => {
    const sent = answer();
    renderRoute('/users/5/overview');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Mail a password reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mail is not configured on this server');
    await user.type(screen.getByLabelText('Set a password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Ensure this field has at least 8 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Set a password'));
    await fill(user, screen.getByLabelText('Set a password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The password was set.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([{ method: 'PATCH', path: '/rest/users/5/', body: { password: 'a long enough password' } }]);
  });

  it("changes a group role, adds to a group, and removes from a group only after 'Yes'", async () => {
    const sent = answer();
    renderRoute('/users/5/groups');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Group memberships' });
    expect(within(table).getByRole('link', { name: 'Routers' })).toHaveAttribute('href', '/groups/7');
    await user.click(within(table).getByRole('combobox', { name: 'Role in Routers' }));
    await user.click(await screen.findByRole('option', { name: 'Group manager' }));
    await user.click(screen.getByRole('combobox', { name: 'Add to group' }));
    await user.click(await screen.findByRole('option', { name: 'Cameras' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    // The list is read again with Cameras in it before Routers' row is removed.
    const cameras = await screen.findByRole('link', { name: 'Cameras' });
    expect(cameras).toHaveAttribute('href', '/groups/8');
    const routersRow = screen.getByRole('link', { name: 'Routers' }).closest('tr');
    if (!routersRow) throw new Error('no row of Routers');
    await user.click(within(routersRow).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user from group' });
    expect(dialog).toHaveTextContent('Remove bob@example.com from Routers?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PATCH', '/rest/group-memberships/31/', { role: 'M' }],
      ['POST', '/rest/group-memberships/', { group_id: 8, role: 'GU', user_id: 5 }],
      ['DELETE', '/rest/group-memberships/31/', null],
    ]));
  });

  it('lists the applications of the groups the user is a member of', async () => {
    answer();
    renderRoute('/users/5/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getByRole('link', { name: 'openwrt.bin' })).toHaveAttribute('href', '/product/42');
    expect(screen.getByText(/Applications in the groups bob@example.com is a member of/)).toBeInTheDocument();
  });

  it("sends only the changed settings, nothing while unchanged, and one's own through users/me/", async () => {
    const sent = answer();
    renderRoute('/users/5/settings');
    const user = userEvent.setup({ delay: null });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByLabelText(/Show times in the local time zone/));
    await user.click(screen.getByLabelText(/Show times in the local time zone/));
    expect(save).toBeDisabled();
    await user.click(screen.getByLabelText(/Show times in the local time zone/));
    await user.click(save);
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', path: '/rest/users/5/', body: { display_local_time: true } }]);
  });

  it("reviews a removal: lists what goes, deletes only after 'Yes', and shows why the server refused", async () => {
    const sent = answer();
    renderRoute('/users/5/remove');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Remove bob@example.com' })).toBeInTheDocument();
    expect(await screen.findByText(/their roles in 1 group: Routers/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove permanently' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user permanently with all data' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove permanently' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove user permanently with all data' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The user's scans are still stored");
    expect(sent.map((request) => [request.method, request.path])).toEqual([['DELETE', '/rest/users/5/']]);
  });
});
