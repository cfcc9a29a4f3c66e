import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OtpRequired } from '../../../lib/api-schemas.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const notLoggedIn = mock.get('/rest/users/me/', () =>
  HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 }),
);

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('sends a visitor without a session to /login with the page to come back to', async () => {
    server.use(notLoggedIn);
    const { router } = renderRoute('/all-groups?q=fw');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/all-groups?q=fw' });
  });

  it('shows non_field_errors from a 400 and stays on the page', async () => {
    server.use(
      notLoggedIn,
      mock.post('/rest/auth/login/', () =>
        HttpResponse.json({ non_field_errors: ['Unable to log in with the provided credentials.'] }, { status: 400 }),
      ),
    );
    const { router } = renderRoute('/login');
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to log in with the provided credentials.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('shows a field error from a 400 at its field', async () => {
    server.use(
      notLoggedIn,
      mock.post('/rest/auth/login/', () => HttpResponse.json({ email: ['Enter a valid email address.'] }, { status: 400 })),
    );
    renderRoute('/login');
    await fillAndSubmit('ada', 'secret');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires both fields before calling the server', async () => {
    server.use(notLoggedIn);
    renderRoute('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.');
  });

  it('logs in with the CSRF header and goes to the redirect target', async () => {
    document.cookie = 'csrftoken=tok%3D123';
    let csrfHeader: string | null = null;
    let loginBody: unknown = null;
    server.use(
      notLoggedIn,
      mock.post('/rest/auth/login/', async ({ request }) => {
        csrfHeader = request.headers.get('X-CSRFToken');
        loginBody = await request.json();
        return HttpResponse.json(buildUser());
      }),
      mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
    );
    const { router } = renderRoute('/login?redirect=%2Fall-groups');
    await fillAndSubmit('ada@example.com', 'secret');
    expect(await screen.findByRole('heading', { name: 'All groups' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/all-groups');
    expect(csrfHeader).toBe('tok=123');
    expect(loginBody).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('asks for the authenticator code when the server says otp_required, then sends all three', async () => {
    const bodies: unknown[] = [];
    server.use(
      notLoggedIn,
      mock.post('/rest/auth/login/', async ({ request }) => {
        const body = (await request.json()) as { otp?: string };
        bodies.push(body);
        if (!body.otp) return HttpResponse.json<OtpRequired>({ detail: 'Enter the code from your authenticator app.', otp_required: true }, { status: 401 });
        if (body.otp === '111111') return HttpResponse.json({ otp: ['This code was already used. Wait for the next one.'] }, { status: 400 });
        return HttpResponse.json(buildUser({ otp_active: true }));
      }),
      mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
    );
    const { router } = renderRoute('/login?redirect=%2Fall-groups');
    await fillAndSubmit('ada@example.com', 'secret');
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toBeVisible();

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription('This code was already used. Wait for the next one.'));

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '287082');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'All groups' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/all-groups');
    expect(bodies).toEqual([
      { email: 'ada@example.com', password: 'secret' },
      { email: 'ada@example.com', password: 'secret', otp: '111111' },
      { email: 'ada@example.com', password: 'secret', otp: '287082' },
    ]);
  });

  it('goes back from the code to email and password', async () => {
    server.use(
      notLoggedIn,
      mock.post('/rest/auth/login/', () => HttpResponse.json<OtpRequired>({ detail: 'Enter the code from your authenticator app.', otp_required: true }, { status: 401 })),
    );
    renderRoute('/login');
    await fillAndSubmit('ada@example.com', 'secret');
    await screen.findByLabelText('Authentication code');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
