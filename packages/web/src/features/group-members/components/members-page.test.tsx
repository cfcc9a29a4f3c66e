import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountUser, GroupMembership } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
const accountUser = (id: number, email: string): AccountUser => ({
  id, email, username: email.split('@')[0] ?? email, is_active: true, groups: [], display_local_time: false, container_default_view: 'tree', otp_active: false,
});
const USERS = [accountUser(1, 'ada@example.com'), accountUser(2, 'bob@example.com'), accountUser(3, 'cy@example.com')];

/** The group, its memberships (kept in `state`) and the users, answering changes as the server does. */
function answer(permissions: string[]) {
  const state = { memberships: [{ id: 10, group_id: 7, user_id: 1, role: 'M' }, { id: 11, group_id: 7, user_id: 2, role: 'GU' }] as GroupMembership[], calls: [] as string[] };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup({ id: 7, user_permissions: permissions }))),
    mock.get('/rest/group-memberships/', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('group_id') === '7' ? paged(state.memberships) : paged([])),
    ),
    mock.get('/rest/users/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const ids = params.get('ids')?.split(',').map(Number);
      const q = params.get('q') ?? '';
      return HttpResponse.json(paged(USERS.filter((user) => (ids ? ids.includes(user.id) : user.email.includes(q)))));
    }),
    mock.post('/rest/group-memberships/', async ({ request }) => {
      const body = (await request.json()) as Omit<GroupMembership, 'id'>;
      state.calls.push(`POST ${JSON.stringify(body)}`);
      const created = { id: 12, ...body };
      state.memberships = [...state.memberships, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/group-memberships/{id}/', async ({ params, request }) => {
      const body = (await request.json()) as Pick<GroupMembership, 'role'>;
      state.calls.push(`PATCH ${String(params['id'])} ${JSON.stringify(body)}`);
      state.memberships = state.memberships.map((m) => (String(m.id) === params['id'] ? { ...m, ...body } : m));
      return HttpResponse.json(state.memberships.find((m) => String(m.id) === params['id']) ?? state.memberships[0]);
    }),
    mock.delete('/rest/group-memberships/{id}/', ({ params }) => {
      state.calls.push(`DELETE ${String(params['id'])}`);
      state.memberships = state.memberships.filter((m) => String(m.id) !== params['id']);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe("a group's members tab", () => {
  it('lists members with their roles; a manager adds a user found by email', async () => {
    const state = answer(MANAGES);
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await waitFor(() => expect(rows(table)).toEqual(['ada@example.com', 'bob@example.com']));
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'cy');
    await userEvent.click(await screen.findByRole('option', { name: 'cy@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    await waitFor(() => expect(rows(table)).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com']));
    expect(state.calls).toEqual(['POST {"group_id":7,"user_id":3,"role":"GU"}']);
    // Typing into a searchable select is many steps: more than the default 5 s on a busy machine.
  }, 20_000);

  it("changes a member's role", async () => {
    const state = answer(MANAGES);
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('combobox', { name: 'Role of bob@example.com' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Group manager' }));
    await waitFor(() => expect(state.calls).toEqual(['PATCH 11 {"role":"M"}']));
  });

  it('removes a member after confirming Yes', async () => {
    const state = answer(MANAGES);
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Remove bob@example.com from the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user from group' });
    expect(within(dialog).getByText('Remove bob@example.com from the group? They lose the access this membership gives.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(rows(table)).toEqual(['ada@example.com']));
    expect(state.calls).toEqual(['DELETE 11']);
  });

  it('keeps a member when the removal is cancelled', async () => {
    const state = answer(MANAGES);
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Remove bob@example.com from the group' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove user from group' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);
  });

  it('shows the roles but no actions to a member without change_appcheckgroup', async () => {
    answer(['view_appcheckgroup']);
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('bob@example.com');
    expect(within(table).getByText('Group manager')).toBeInTheDocument();
    expect(within(table).getByText('Member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add member' })).not.toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('shows why a removal was refused', async () => {
    answer(MANAGES);
    server.use(
      mock.delete('/rest/group-memberships/{id}/', () =>
        HttpResponse.json({ detail: 'A top-level group needs a manager: make another member a manager (M) before removing this one.' }, { status: 400 }),
      ),
    );
    renderRoute('/groups/7/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Remove ada@example.com from the group' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove user from group' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('A top-level group needs a manager: make another member a manager (M) before removing this one.')).toBeInTheDocument();
  });
});

describe("a group's events tab", () => {
  it("shows the group's audit feed", async () => {
    answer(['view_appcheckgroup']);
    const asked: string[] = [];
    server.use(
      mock.get('/rest/content-type/', () => HttpResponse.json([{ id: 3, model: 'group', name: 'Group' }])),
      mock.get('/rest/groups/{id}/events/', ({ params }) => {
        asked.push(String(params['id']));
        return HttpResponse.json(paged([{ id: 5, at: '2026-11-27T10:00:00Z', level: 3, action: 'group_membership.create', actor: null, object: 'group:7', content_type: 3, object_id: 7, details: { role: 'GU' } }]));
      }),
    );
    renderRoute('/groups/7/events');
    const table = await screen.findByRole('table', { name: 'Group events' });
    // The object is named once the content types are in.
    expect(await within(table).findByText('Group 7')).toBeInTheDocument();
    expect(within(table).getByText('Group membership create')).toBeInTheDocument();
    expect(within(table).getByText('System')).toBeInTheDocument();
    expect(within(table).getByText('role: GU')).toBeInTheDocument();
    expect(asked).toEqual(['7']);
  });
});
