import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyNetwork, FeedEvent } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ADMIN = buildUser({ roles: ['AU'], permissions: ['change_companyaccount', 'view_allaccountgroup'] });
const signedIn = () => server.use(mock.get('/rest/users/me/', () => HttpResponse.json(ADMIN)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account area', () => {
  it('redirects /account to the users tab', async () => {
    signedIn();
    server.use(mock.get('/rest/users/', () => HttpResponse.json(paged([]))));
    const { router } = renderRoute('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/users'));
  });

  it('shows all groups as a tree nested by search path, and a search keeps the matches with the groups above them', async () => {
    signedIn();
    const groups = [
      buildGroup({ id: 1, name: 'Devices', search_path: '1' }),
      buildGroup({ id: 4, name: 'Routers', parent: 1, search_path: '1.4' }),
      buildGroup({ id: 9, name: 'Gateways', parent: 4, search_path: '1.4.9' }),
      buildGroup({ id: 2, name: 'Apps', search_path: '2', description: 'Mobile' }),
    ];
    const offsets: string[] = [];
    server.use(
      mock.get('/rest/groups/', ({ request }) => {
        const url = new URL(request.url);
        offsets.push(`${url.searchParams.get('limit')}/${url.searchParams.get('offset')}`);
        return HttpResponse.json(url.searchParams.get('offset') === '0'
          ? { count: 4, results: groups.slice(0, 2), links: { next: '/rest/groups/?limit=500&offset=500', previous: null } }
          : { count: 4, results: groups.slice(2), links: { next: null, previous: null } });
      }),
    );
    renderRoute('/account/groups');
    const table = await screen.findByRole('table', { name: 'Group tree' });
    const names = () => within(table).getAllByRole('link').map((link) => link.textContent);
    await waitFor(() => expect(names()).toEqual(['Apps', 'Devices', 'Routers', 'Gateways']));
    expect(offsets).toEqual(['500/0', '500/500']);
    expect(screen.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse Devices' }));
    expect(names()).toEqual(['Apps', 'Devices']);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Devices' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Search groups' }), 'gate{Enter}');
    await waitFor(() => expect(names()).toEqual(['Devices', 'Routers', 'Gateways']));
  });

  it("shows the account's feed, newest first, and filters by the lowest level", async () => {
    signedIn();
    const event = (id: number, level: number, action: string): FeedEvent => ({
      id, at: '2026-11-27T10:00:00Z', level, action, actor: { id: 1, email: 'ada@example.com' }, object: 'group:4', content_type: 3, object_id: 4, details: { name: 'Routers' },
    });
    const asked: string[] = [];
    server.use(
      mock.get('/rest/content-type/', () => HttpResponse.json([{ id: 3, model: 'group', name: 'Group' }])),
      mock.get('/rest/audit-events/', ({ request }) => {
        const level = new URL(request.url).searchParams.get('level__gte');
        asked.push(level ?? 'all');
        return HttpResponse.json(paged(level === '3' ? [event(2, 3, 'group_membership.create')] : [event(2, 3, 'group_membership.create'), event(1, 2, 'group.create')]));
      }),
    );
    const { router } = renderRoute('/account/feed');
    const table = await screen.findByRole('table', { name: 'Account feed' });
    expect(await within(table).findAllByText('Group 4')).toHaveLength(2);
    expect(within(table).getByText('Group create')).toBeInTheDocument();
    expect(within(table).getByText('Group membership create')).toBeInTheDocument();
    expect(within(table).getAllByText('ada@example.com')).toHaveLength(2);
    expect(within(table).getAllByText('name: Routers')).toHaveLength(2);

    await userEvent.click(screen.getByRole('combobox', { name: 'Lowest level shown' }));
    await userEvent.click(screen.getByRole('option', { name: '3 and above' }));
    await waitFor(() => expect(within(table).queryByText('Group create')).not.toBeInTheDocument());
    expect(router.state.location.search).toEqual({ min_level: 3 });
    expect(asked).toEqual(['all', '3']);
  });

  it('adds an API key network, shows the field error, and removes one after confirming Yes', async () => {
    signedIn();
    let networks: ApiKeyNetwork[] = [{ id: 1, network: '10.0.0.0/8', created: '2026-11-27T10:00:00Z' }];
    const posted: unknown[] = [];
    server.use(
      mock.get('/rest/api-key-networks/', () => HttpResponse.json(paged(networks))),
      mock.post('/rest/api-key-networks/', async ({ request }) => {
        const body = (await request.json()) as { network: string };
        posted.push(body);
        if (body.network === 'nonsense') return HttpResponse.json({ network: ['Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'] }, { status: 400 });
        const created = { id: 2, network: body.network, created: '2026-11-27T11:00:00Z' };
        networks = [...networks, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      mock.delete('/rest/api-key-networks/{id}/', ({ params }) => {
        networks = networks.filter((n) => String(n.id) !== params['id']);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/account/api-key-network-table');
    const table = await screen.findByRole('table', { name: 'API key networks' });
    await within(table).findByText('10.0.0.0/8');

    const field = screen.getByRole('textbox', { name: 'Network (CIDR)' });
    await userEvent.type(field, 'nonsense');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    expect(await screen.findByText('Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, ' 192.168.0.0/16 ');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    await within(table).findByText('192.168.0.0/16');
    expect(posted).toEqual([{ network: 'nonsense' }, { network: '192.168.0.0/16' }]);

    await userEvent.click(within(table).getByRole('button', { name: 'Remove 10.0.0.0/8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove network' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(table).queryByText('10.0.0.0/8')).not.toBeInTheDocument());
  });

  it('lists the licences in use, most used first', async () => {
    signedIn();
    server.use(
      mock.get('/rest/license-usage/', () =>
        HttpResponse.json({ scans: 2, licenses: [{ license: 'MIT', scans: 2, components: 1200, policy: 'PE' }, { license: 'GPL-2.0-only', scans: 1, components: 1, policy: 'RE' }] }),
      ),
    );
    renderRoute('/account/license-usage');
    const table = await screen.findByRole('table', { name: 'Licence usage' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([['MIT', '2', '1 200'], ['GPL-2.0-only', '1', '1']]);
    expect(screen.getByText('Over 2 ready applications.')).toBeInTheDocument();
  });

  it('shows the error of a licence usage that failed', async () => {
    signedIn();
    server.use(mock.get('/rest/license-usage/', () => HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 })));
    renderRoute('/account/license-usage');
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it('downloads the groups report as CSV for the search shown', async () => {
    signedIn();
    const asked: string[] = [];
    server.use(
      mock.get('/rest/groups/', () => HttpResponse.json(paged([buildGroup({ id: 1, name: 'Devices', search_path: '1' })]))),
      // The report is CSV, which the typed JSON mocks do not describe.
      http.post('*/rest/groups/report/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('path,name,scans,critical,high,medium,low,missing\r\nDevices,Devices,0,0,0,0,0,0\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="groups-report.csv"' },
        });
      }),
    );
    const saved: Blob[] = [];
    const clicked: string[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:report'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href') ?? ''}`);
    });
    renderRoute('/account/groups?q=dev');
    await screen.findByRole('table', { name: 'Group tree' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['groups-report.csv blob:report']));
    expect(asked).toEqual(['?q=dev']);
    expect(await saved[0]?.text()).toBe('path,name,scans,critical,high,medium,low,missing\r\nDevices,Devices,0,0,0,0,0,0\r\n');
  });
});
