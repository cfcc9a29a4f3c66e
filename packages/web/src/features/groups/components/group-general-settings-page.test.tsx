import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Group, GroupUpdate } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
const gateways = buildGroup({ id: 9, name: 'Gateways', description: 'LTE', parent: 4, search_path: '1.4.9', user_permissions: MANAGES });
/** What the viewer sees: Gateways' ancestors, a subgroup of it and an unrelated group. */
const visible = [
  buildGroup({ id: 20, name: 'Cameras', search_path: '20' }),
  buildGroup({ id: 1, name: 'Company', search_path: '1' }),
  gateways,
  buildGroup({ id: 4, name: 'Lab', parent: 1, search_path: '1.4' }),
  buildGroup({ id: 12, name: 'Modems', parent: 9, search_path: '1.4.9.12' }),
];

/** The group as stored, PATCH answered by `patch` (the stored group with the body applied by default); returns the PATCH bodies. */
function answer(patch?: (body: GroupUpdate) => Response) {
  const patches: GroupUpdate[] = [];
  let stored: Group = gateways;
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', ({ params }) =>
      HttpResponse.json(params['id'] === '9' ? stored : (visible.find((group) => String(group.id) === params['id']) ?? stored)),
    ),
    mock.get('/rest/groups/', () => HttpResponse.json(paged(visible))),
    mock.patch('/rest/groups/{id}/', async ({ request }) => {
      const body = (await request.json()) as GroupUpdate;
      patches.push(body);
      if (patch) return patch(body) as never;
      stored = { ...stored, ...body };
      return HttpResponse.json(stored);
    }),
  );
  return patches;
}

async function openGeneral() {
  const view = renderRoute('/groups/9/settings/general');
  await screen.findByRole('heading', { name: 'General' });
  return { ...view, user: userEvent.setup() };
}

describe('group settings: general', () => {
  it('shows the stored name and description, with Save off and no request while nothing changed', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveValue('Gateways');
    expect(screen.getByLabelText('Description')).toHaveValue('LTE');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Spaces the server trims are no change either; Enter submits nothing.
    await user.type(name, '  {Enter}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Typing and reverting is no change.
    await user.type(screen.getByLabelText('Description'), 'x{Backspace}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(patches).toEqual([]);
  });

  it('sends only the name when only the name changed, then shows it saved everywhere', async () => {
    const patches = answer();
    const { user, queryClient } = await openGeneral();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, ' Edge gateways ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Group savedThe changes are stored.');
    expect(patches).toEqual([{ name: 'Edge gateways' }]);
    // The cached group is the saved one: header and breadcrumbs show the new name at once.
    expect(screen.getByRole('heading', { name: 'Edge gateways' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByText('Edge gateways')).toBeInTheDocument();
    expect(queryClient.getQueryData(['groups', 'detail', 9])).toEqual({ ...gateways, name: 'Edge gateways' });
    // The form now holds what is stored: nothing to save.
    expect(name).toHaveValue('Edge gateways');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('sends only the description when only the description changed (an emptied one too)', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(patches).toEqual([{ description: '' }]);
  });

  it('shows a 400 name error under the Name field and keeps the edit', async () => {
    const patches = answer(() =>
      HttpResponse.json({ name: ['A group of this name already exists in this place.'] }, { status: 400 }),
    );
    const { user } = await openGeneral();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Cameras');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A group of this name already exists in this place.'));
    expect(patches).toEqual([{ name: 'Cameras' }]);
    expect(name).toHaveValue('Cameras');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gateways' })).toBeInTheDocument();
  });

  it('refuses a blank name in the browser, sending nothing', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field may not be blank.'));
    expect(patches).toEqual([]);
  });

  it('offers as parent the top level and every visible group outside its own subtree, by path', async () => {
    answer();
    const { user } = await openGeneral();
    const parent = screen.getByRole('combobox', { name: 'Parent group' });
    await waitFor(() => expect(parent).toBeEnabled());
    expect(parent).toHaveValue('Company / Lab');
    await user.click(parent);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['(top level)', 'Cameras', 'Company', 'Company / Lab']);
  });

  it('moves the group: the PATCH carries only the new parent', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    const parent = screen.getByRole('combobox', { name: 'Parent group' });
    await waitFor(() => expect(parent).toBeEnabled());
    await user.click(parent);
    await user.click(screen.getByRole('option', { name: 'Cameras' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(patches).toEqual([{ parent: 20 }]);
  });

  it('moves the group to the top level with parent null', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    const parent = screen.getByRole('combobox', { name: 'Parent group' });
    await waitFor(() => expect(parent).toBeEnabled());
    await user.click(parent);
    await user.click(screen.getByRole('option', { name: '(top level)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(patches).toEqual([{ parent: null }]);
  });

  it('shows a 400 parent error (nesting past 35) under the Parent group field', async () => {
    const patches = answer(() => HttpResponse.json({ parent: ['Groups can be nested at most 35 levels deep.'] }, { status: 400 }));
    const { user } = await openGeneral();
    const parent = screen.getByRole('combobox', { name: 'Parent group' });
    await waitFor(() => expect(parent).toBeEnabled());
    await user.click(parent);
    await user.click(screen.getByRole('option', { name: 'Company' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Groups can be nested at most 35 levels deep.')).toBeInTheDocument());
    expect(parent.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Groups can be nested at most 35 levels deep.',
    );
    expect(patches).toEqual([{ parent: 1 }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('discards edits back to the stored values', async () => {
    const patches = answer();
    const { user } = await openGeneral();
    await user.type(screen.getByLabelText('Description'), ' modems');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Description')).toHaveValue('LTE');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(patches).toEqual([]);
  });
});
