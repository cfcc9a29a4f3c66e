import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock, serverError } from '../testing/api-mocks.ts';
import { buildUser, paged } from '../testing/builders.ts';
import { renderRoute } from '../testing/render-with-providers.tsx';
import { server } from '../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));

describe('app-wide error dialogs', () => {
  it('shows the error id of a 500 and closes on OK, leaving a retry in the page', async () => {
    server.use(signedIn, mock.get('/rest/scans/', () => serverError('E-5150')));
    renderRoute('/applications');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('An unknown error occured. Error ID: E-5150');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    server.use(mock.get('/rest/scans/', () => HttpResponse.json(paged([]))));
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
  });

  it('shows "Session expired" on a 401 and goes to the login page', async () => {
    server.use(
      signedIn,
      mock.get('/rest/groups/', () => HttpResponse.json({ detail: 'Session expired.' }, { status: 401 })),
    );
    const { router } = renderRoute('/all-groups');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(dialog).toHaveTextContent('You need to log in in order to continue');

    server.use(mock.get('/rest/users/me/', () => HttpResponse.json({ detail: 'Not logged in.' }, { status: 401 })));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to login' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
