import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function serve(status: { enabled: boolean; label: string }) {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 })),
    mock.get('/rest/sso/', () => HttpResponse.json(status)),
  );
}

describe('single sign-on on the login page', () => {
  it('offers the IdP button in #login__div--sso, keeping where to go after', async () => {
    serve({ enabled: true, label: 'Example IdP' });
    const { container } = renderRoute('/login?redirect=%2Fgroups%2F4');
    const button = await screen.findByRole('link', { name: 'Sign in with Example IdP' });
    expect(button).toHaveAttribute('href', '/rest/sso/login/?redirect=%2Fgroups%2F4');
    expect(container.querySelector('#login__div--sso')).toContainElement(button);
  });

  it('shows no button while single sign-on is off', async () => {
    serve({ enabled: false, label: 'single sign-on' });
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says why the last single sign-on was refused', async () => {
    serve({ enabled: true, label: 'Example IdP' });
    renderRoute('/login?sso_error=unknown_user');
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on failedThere is no Binlens account for your e-mail address. Ask your administrator to invite you.');
    expect(await screen.findByRole('link', { name: 'Sign in with Example IdP' })).toHaveAttribute('href', '/rest/sso/login/');
  });

  it('explains a refusal even when single sign-on has been turned off since', async () => {
    serve({ enabled: false, label: 'single sign-on' });
    renderRoute('/login?sso_error=disabled');
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on is turned off. Log in with your e-mail and password.');
  });
});
