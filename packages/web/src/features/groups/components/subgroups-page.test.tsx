import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const lab = buildGroup({ id: 4, name: 'Lab', search_path: '4', description: '' });

/** The signed-in user, group 4, and the subgroup list answered by `list`; returns the lists' query strings. */
function answer(list: () => Response) {
  const queries: string[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(lab)),
    mock.get('/rest/groups/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return list() as never;
    }),
  );
  return queries;
}

describe('subgroups tab', () => {
  it('lists the group’s subgroups (parent filter) with links, and offers "New subgroup" in this group', async () => {
    const queries = answer(() =>
      HttpResponse.json(paged([buildGroup({ id: 11, name: 'Cameras', parent: 4, search_path: '4.11', description: 'IP cameras' })])),
    );
    renderRoute('/groups/4/subgroups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([['Cameras', 'IP cameras', 'No']]);
    expect(within(table).getByRole('link', { name: 'Cameras' })).toHaveAttribute('href', '/groups/11');
    expect(screen.getByRole('link', { name: 'New subgroup' })).toHaveAttribute('href', '/groups/4/create');
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(queries).toEqual(['?q=&limit=25&offset=0&ordering=name&parent=4']);
  });

  it('keeps search and ordering in the URL and asks the server for them', async () => {
    const queries = answer(() => HttpResponse.json(paged([buildGroup({ id: 11, name: 'Cameras', parent: 4 })])));
    const { router } = renderRoute('/groups/4/subgroups');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Groups' });
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-name' }));
    await user.type(screen.getByLabelText('Search subgroups'), 'cam{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-name', q: 'cam' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?q=cam&limit=25&offset=0&ordering=-name&parent=4'));
  });

  it('says there are no subgroups yet and how to make one', async () => {
    answer(() => HttpResponse.json(paged([])));
    renderRoute('/groups/4/subgroups');
    expect(await screen.findByText('No subgroups yet. "New subgroup" creates one inside this group.')).toBeInTheDocument();
  });

  it('shows a 500 with its error id and a retry that loads the list, never an empty table', async () => {
    let fail = true;
    answer(() => (fail ? serverError('e-77') : HttpResponse.json(paged([]))));
    renderRoute('/groups/4/subgroups');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('An unknown error occured. Error ID: e-77');
    expect(screen.queryByRole('table', { name: 'Groups' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No subgroups yet. "New subgroup" creates one inside this group.')).toBeInTheDocument();
  });
});
