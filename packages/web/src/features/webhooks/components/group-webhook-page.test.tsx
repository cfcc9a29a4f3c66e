import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GroupWebhook } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const NONE: GroupWebhook = { url: null, created: null, updated: null };
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('group settings → Webhook', () => {
  it('creates a webhook and shows its secret once, refuses a bad URL under the field, and removes it after Yes', async () => {
    let webhook = NONE;
    const sent: unknown[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup({ id: 7, user_permissions: ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'] }))),
      mock.get('/rest/groups/{id}/webhook/', () => HttpResponse.json(webhook)),
      mock.put('/rest/groups/{id}/webhook/', async ({ request }) => {
        const body = (await request.json()) as { url: string; new_secret?: boolean };
        sent.push(body);
        if (body.url.startsWith('http://127.')) return HttpResponse.json({ url: ['The address 127.0.0.1 is a loopback address.'] }, { status: 400 });
        const made = webhook.url === null || body.new_secret === true;
        webhook = { url: body.url, created: '2026-11-27T10:00:00Z', updated: '2026-11-27T10:00:00Z' };
        return HttpResponse.json({ url: body.url, created: '2026-11-27T10:00:00Z', updated: '2026-11-27T10:00:00Z', secret: made ? SECRET : null });
      }),
      mock.delete('/rest/groups/{id}/webhook/', () => {
        webhook = NONE;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/groups/7/settings/webhook');
    expect(await screen.findByRole('tab', { name: 'Webhook', selected: true })).toBeInTheDocument();
    const field = await screen.findByRole('textbox', { name: 'Webhook URL' });

    await userEvent.type(field, 'http://127.0.0.1:9000/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('The address 127.0.0.1 is a loopback address.')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'https://ci.example.com/hooks/binlens');
    await userEvent.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('Copy the secret now: it is not shown again')).toBeInTheDocument();
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    expect(sent).toEqual([{ url: 'http://127.0.0.1:9000/hook' }, { url: 'https://ci.example.com/hooks/binlens' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove webhook' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create webhook' })).toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('');
  });
});
