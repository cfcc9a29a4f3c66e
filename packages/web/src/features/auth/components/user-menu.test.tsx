import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

describe('user menu', () => {
  it('logs out with the CSRF header and shows the login page', async () => {
    document.cookie = 'csrftoken=bye';
    let csrf: string | null = null;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
      mock.post('/rest/auth/logout/', ({ request }) => {
        csrf = request.headers.get('X-CSRFToken');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderRoute('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu for ada@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(csrf).toBe('bye');
  });
});
