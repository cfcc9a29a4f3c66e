import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));

describe('create group', () => {
  it('is reached from "New group" on all groups', async () => {
    server.use(signedIn, mock.get('/rest/groups/', () => HttpResponse.json(paged([buildGroup()]))));
    const { router } = renderRoute('/all-groups');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'New group' }));
    expect(await screen.findByRole('button', { name: 'Create group' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/create');
  });

  it('shows a 400 name error at the Name field', async () => {
    server.use(
      signedIn,
      mock.post('/rest/groups/', () =>
        HttpResponse.json({ name: ['A group with this name already exists.'] }, { status: 400 }),
      ),
    );
    renderRoute('/groups/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Routers');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('A group with this name already exists.'),
    );
  });

  it('creates a subgroup under its parent and opens it', async () => {
    let body: unknown = null;
    const created = buildGroup({ id: 9, name: 'Gateways', description: 'LTE', parent: 7 });
    server.use(
      signedIn,
      mock.get('/rest/groups/{id}/', ({ params }) =>
        HttpResponse.json(params['id'] === '9' ? created : buildGroup({ id: 7, name: 'Routers' })),
      ),
      mock.post('/rest/groups/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(created, { status: 201 });
      }),
      mock.get('/rest/scans/', () => HttpResponse.json(paged([]))),
    );
    const { router } = renderRoute('/groups/7/create');
    expect(await screen.findByRole('heading', { name: 'New group in Routers' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Gateways');
    await user.type(screen.getByLabelText('Description'), 'LTE');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('heading', { name: 'Gateways' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/9/applications');
    expect(body).toEqual({ name: 'Gateways', description: 'LTE', parent: 7 });
  });
});
