import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

/** Types a long value at once (paste), so that a busy machine does not time the test out. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('set-password page (from a mailed link)', () => {
  it('sets the password with the token of the link, without anyone signed in', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('/rest/auth/set-password/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/set-password?token=abc-123');
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText('New password'), 'a long enough password');
    await fill(user, screen.getByLabelText('Repeat the password'), 'a long enough passwort');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords differ.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the password'));
    await fill(user, screen.getByLabelText('Repeat the password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ token: 'abc-123', password: 'a long enough password' }]);
  });

  it('says so when the link is used or expired, and offers a new one', async () => {
    server.use(mock.post('/rest/auth/set-password/', () => HttpResponse.json({ token: ['This link is unknown, already used or expired: ask for a new one.'] }, { status: 400 })));
    renderRoute('/set-password?token=used');
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText('New password'), 'a long enough password');
    await fill(user, screen.getByLabelText('Repeat the password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is unknown, already used or expired: ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('forgot-password page', () => {
  it('asks for a link and shows the same answer whatever the email', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('/rest/auth/password-reset/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'If an active account has this email, a link to set a new password is on its way.' }, { status: 202 });
      }),
    );
    renderRoute('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Mail me a link' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an active account has this email, a link to set a new password is on its way.');
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
  });

  it('shows a refusal (too many requests)', async () => {
    server.use(mock.post('/rest/auth/password-reset/', () => HttpResponse.json({ detail: 'Too many password reset requests from this address. Try again later.' }, { status: 429 })));
    renderRoute('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests from this address. Try again later.');
  });
});
