import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OtpDevice, User } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const CONFIG_URL = 'otpauth://totp/Binlens:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Binlens';
const UNCONFIRMED: OtpDevice = { id: 3, confirmed: false, created: '2026-03-01T12:00:00.000Z', config_url: CONFIG_URL };
const NO_DEVICE = { count: 0, results: [], links: { next: null, previous: null } };
const NO_KEY = { meta: { code: 404 }, detail: 'You have no API key.' };
/** The first render loads the route tree's chunks, which takes longer on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

function accountUser(user: User) {
  return { ...user, is_active: true, groups: [] };
}

/** The signed-in user `me` (answering users/me and users/{id}), the app frame, and the tab's calls. */
function signedIn(me: User, device: OtpDevice | null = null) {
  let current = me;
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(current)),
    mock.get('/rest/users/{id}/', ({ params }) =>
      Number(params.id) === me.id ? HttpResponse.json(accountUser(current)) : HttpResponse.json(accountUser(buildUser({ id: Number(params.id), email: 'grace@example.com', otp_active: true })))),
    knowledgeBaseAnswer(),
    mock.get('/rest/otps/', () => HttpResponse.json(device ? { count: 1, results: [device], links: { next: null, previous: null } } : NO_DEVICE)),
    mock.get('/api/key', () => HttpResponse.json(NO_KEY, { status: 404 })),
  );
  return { turnOn: () => (current = { ...current, otp_active: true }), turnOff: () => (current = { ...current, otp_active: false }) };
}

describe('authentication tab', () => {
  it('sets up two-factor sign-in: QR code and key, then a code turns it on', async () => {
    const state = signedIn(buildUser());
    const confirmed: unknown[] = [];
    server.use(
      mock.post('/rest/otps/', () => HttpResponse.json(UNCONFIRMED, { status: 201 })),
      mock.post('/rest/otps/confirm/', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        confirmed.push(body);
        if (body.code !== '287082') return HttpResponse.json({ code: ['This code does not match: enter the six-digit code your authenticator app shows now.'] }, { status: 400 });
        state.turnOn();
        return HttpResponse.json({ ...UNCONFIRMED, confirmed: true, config_url: null });
      }),
    );
    renderRoute('/users/me/authentication');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, FIRST_RENDER));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/));
    expect(screen.getByTestId('otp-secret')).toHaveTextContent('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(screen.getByTestId('otp-config-url')).toHaveTextContent(CONFIG_URL);

    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('This code does not match: enter the six-digit code your authenticator app shows now.'));

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '287082');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(confirmed).toEqual([{ code: '000000' }, { code: '287082' }]);
  });

  it('continues an unconfirmed setup where it was left', async () => {
    signedIn(buildUser(), UNCONFIRMED);
    renderRoute('/users/me/authentication');
    expect(await screen.findByTestId('otp-secret', undefined, FIRST_RENDER)).toHaveTextContent('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('turns two-factor sign-in off after Yes, with the password; a wrong one stays in the dialog', async () => {
    const state = signedIn(buildUser({ otp_active: true }), { ...UNCONFIRMED, confirmed: true, config_url: null });
    const proofs: unknown[] = [];
    server.use(
      mock.delete('/rest/otps/', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        proofs.push(body);
        if (body.password !== 'right') return HttpResponse.json({ password: ['This password is not correct.'] }, { status: 400 });
        state.turnOff();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/users/me/authentication');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('This password is not correct.'));
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(proofs).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('creates an API key, shows it once, then shows its dates; invalidates it after Yes', async () => {
    signedIn(buildUser());
    let info: { created: string; expires: string; last_used: string | null } | null = null;
    const validities: unknown[] = [];
    server.use(
      mock.get('/api/key', () => (info ? HttpResponse.json({ meta: { code: 200 }, results: info }) : HttpResponse.json(NO_KEY, { status: 404 }))),
      mock.post('/api/key', async ({ request }) => {
        validities.push(await request.json());
        info = { created: '2026-03-01T12:00:00.000Z', expires: '2026-03-08T12:00:00.000Z', last_used: null };
        return HttpResponse.json({ meta: { code: 200 }, results: { key: 'blk_secret-token', expires: info.expires } });
      }),
      mock.post('/rest/api-keys/invalidate/', () => {
        info = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/users/me/authentication');
    const user = userEvent.setup();
    expect(await screen.findByText('You have no API key.', undefined, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Valid for' }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('blk_secret-token');
    expect(screen.getByText('Copy it now: it is not shown again.')).toBeInTheDocument();
    expect(await screen.findByText('2026-03-08 12:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(validities).toEqual([{ validity: 604800 }]);

    await user.click(screen.getByRole('button', { name: 'Invalidate key' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Invalidate your API key?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no API key.')).toBeInTheDocument();
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('shows an administrator only whether another user has two-factor sign-in on', async () => {
    signedIn(buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }));
    renderRoute('/users/9/authentication');
    expect(await screen.findByText('Only the user can turn two-factor sign-in on or off and make or end their API key.', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
  });

  it('shows a user who is not an administrator nothing of someone else\'s sign-in', async () => {
    signedIn(buildUser());
    renderRoute('/users/9/authentication');
    expect(await screen.findByText('Only the user can see their two-factor sign-in and API key.', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('On')).not.toBeInTheDocument();
    expect(screen.queryByText('Off')).not.toBeInTheDocument();
  });

  it('turns two-factor sign-in off with a code instead of the password', async () => {
    const state = signedIn(buildUser({ otp_active: true }), { ...UNCONFIRMED, confirmed: true, config_url: null });
    const proofs: unknown[] = [];
    server.use(
      mock.delete('/rest/otps/', async ({ request }) => {
        proofs.push(await request.json());
        state.turnOff();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/users/me/authentication');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByText('With a code'));
    await user.type(within(dialog).getByLabelText('Code'), '287082');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(proofs).toEqual([{ code: '287082' }]);
  });

  it('shows a failed API-key read with a retry, not as "no key"', async () => {
    signedIn(buildUser());
    server.use(mock.get('/api/key', () => HttpResponse.json({ meta: { code: 500 }, detail: 'Internal server error.', error_id: 'abc123' }, { status: 500 })));
    renderRoute('/users/me/authentication');
    expect(await screen.findByRole('button', { name: 'Retry' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('You have no API key.')).not.toBeInTheDocument();
  });
});
