import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { buildAccountUser, frameAnswers, membershipsAnswer } from '../testing/users-fixtures.ts';

const bob = buildAccountUser({ id: 5, email: 'bob@example.com', groups: [7] });
const carol = buildAccountUser({ id: 6, email: 'carol@example.com', username: 'carol', is_active: false });

function answer(options: { create?: (body: unknown) => Response } = {}) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const record = async (request: Request) => requests.push({ method: request.method, url: new URL(request.url).pathname + new URL(request.url).search, body: request.method === 'GET' ? null : await request.clone().json() });
  server.use(
    ...frameAnswers(),
    membershipsAnswer([]),
    mock.get('/rest/users/', async ({ request }) => {
      await record(request);
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return HttpResponse.json(paged([bob, carol].filter((user) => user.email.includes(q))));
    }),
    mock.post('/rest/users/', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { email: string };
      if (options.create) return options.create(body) as never;
      return HttpResponse.json(buildAccountUser({ id: 9, email: body.email }), { status: 201 });
    }),
    mock.post('/rest/users/update/', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { ids: number[]; is_active: boolean };
      return HttpResponse.json({ results: [bob, carol].filter((user) => body.ids.includes(user.id)).map((user) => ({ ...user, is_active: body.is_active })), changed: body.ids });
    }),
  );
  return requests.filter.bind(requests);
}

/** Types a long value at once (paste), so that a busy machine does not time the test out. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('account users page', () => {
  it('lists the users and searches on the server', async () => {
    answer();
    renderRoute('/account/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute('href', '/users/5/overview');
    expect(within(table).getByText('Deactivated')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Search users'), 'carol{Enter}');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('bob@example.com')).toBeNull());
  });

  it('invites a user into groups with an invitation mail', async () => {
    const requests = answer();
    renderRoute('/account/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await fill(user, within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Routers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was mailed to new@example.com.')).toBeInTheDocument();
    expect(requests((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ email: 'new@example.com', groups: [7], send_email_invite: true }]);
  });

  it('shows why an invitation failed (no mail) and offers a password instead', async () => {
    const detail = 'Mail is not configured on this server (BINLENS_SMTP_URL is not set): set a password for the user instead.';
    const requests = answer({ create: () => HttpResponse.json({ detail }, { status: 409 }) });
    renderRoute('/account/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await fill(user, within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(detail);
    await user.click(within(dialog).getByLabelText(/Send an invitation mail/));
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Without an invitation, give a password of at least 8 characters (the company may ask for more).')).toBeInTheDocument();
    expect(requests((request) => request.method === 'POST')).toHaveLength(1);
  });

  it("deactivates a user only after 'Yes', and activates the selected ones in one request", async () => {
    const requests = answer();
    renderRoute('/account/users');
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(dialog).toHaveTextContent('Deactivate bob@example.com? They can no longer sign in');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests((request) => request.method === 'POST')).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate user' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ ids: [5], is_active: false }]));

    // The list is read again after the change; the selection starts once it has arrived.
    await waitFor(() => expect(requests((request) => request.method === 'GET')).toHaveLength(2));
    await screen.findByRole('table', { name: 'Users' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select bob@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select carol@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Activate selected' }));
    const bulk = await screen.findByRole('dialog', { name: 'Activate user' });
    expect(bulk).toHaveTextContent('Activate 2 users?');
    await user.click(within(bulk).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests((request) => request.method === 'POST').at(-1)?.body).toEqual({ ids: [5, 6], is_active: true }));
  });

  it('sends a user without change_companyaccount to the forbidden page', async () => {
    server.use(...frameAnswers(buildUser({ id: 3, permissions: [] })), membershipsAnswer([]));
    renderRoute('/account/users');
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
  });
});
