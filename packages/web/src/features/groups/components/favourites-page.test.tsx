import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));

describe('favourites', () => {
  it('asks the server for the favourite groups and lists them', async () => {
    const queries: string[] = [];
    server.use(
      signedIn,
      mock.get('/rest/groups/', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(paged([buildGroup({ id: 1, name: 'Cameras', favourite: true })]));
      }),
    );
    renderRoute('/');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByRole('link', { name: 'Cameras' })).toHaveAttribute('href', '/groups/1');
    expect(queries).toEqual(['?limit=500&offset=0&ordering=name&favourite=true']);
  });

  it('shows an empty state without favourites', async () => {
    server.use(signedIn, mock.get('/rest/groups/', () => HttpResponse.json(paged([]))));
    renderRoute('/');
    expect(await screen.findByText('No favourite groups')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
