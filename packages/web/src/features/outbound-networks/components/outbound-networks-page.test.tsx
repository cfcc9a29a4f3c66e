import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboundNetwork } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ADMIN = buildUser({ roles: ['AU'], permissions: ['change_companyaccount', 'view_allaccountgroup'] });

describe('Account → Outbound networks', () => {
  it('adds a network, shows the field error, and removes one after confirming Yes', async () => {
    let networks: OutboundNetwork[] = [{ id: 1, network: '10.20.0.0/16', created: '2026-11-27T10:00:00Z' }];
    const posted: unknown[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(ADMIN)),
      mock.get('/rest/outbound-networks/', () => HttpResponse.json(paged(networks))),
      mock.post('/rest/outbound-networks/', async ({ request }) => {
        const body = (await request.json()) as { network: string };
        posted.push(body);
        if (body.network === '10.0.0.1/8') return HttpResponse.json({ network: ['The address has bits set after the prefix; the network is 10.0.0.0/8.'] }, { status: 400 });
        const created = { id: 2, network: body.network, created: '2026-11-27T11:00:00Z' };
        networks = [...networks, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      mock.delete('/rest/outbound-networks/{id}/', ({ params }) => {
        networks = networks.filter((n) => String(n.id) !== params['id']);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/account/outbound-networks');
    expect(await screen.findByRole('tab', { name: 'Outbound networks', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Outbound networks' });
    await within(table).findByText('10.20.0.0/16');

    const field = screen.getByRole('textbox', { name: 'Network (CIDR)' });
    await userEvent.type(field, '10.0.0.1/8');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    expect(await screen.findByText('The address has bits set after the prefix; the network is 10.0.0.0/8.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '127.0.0.1/32');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    await within(table).findByText('127.0.0.1/32');
    expect(posted).toEqual([{ network: '10.0.0.1/8' }, { network: '127.0.0.1/32' }]);

    await userEvent.click(within(table).getByRole('button', { name: 'Remove 10.20.0.0/16' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove network' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(table).queryByText('10.20.0.0/16')).not.toBeInTheDocument());
  });
});
