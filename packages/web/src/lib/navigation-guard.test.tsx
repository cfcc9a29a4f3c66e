import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStateStore } from '../stores/ui-state-store.ts';
import { mock } from '../testing/api-mocks.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../testing/app-frame-handlers.ts';
import { buildKnowledgeBase, buildUser, paged } from '../testing/builders.ts';
import { renderRoute } from '../testing/render-with-providers.tsx';
import { server } from '../testing/server.ts';
import { useLoginMessagesDialog } from './login-messages.ts';
import { requiredPermissions } from './route-permissions.ts';

const ADMIN = buildUser({ roles: ['AU'], permissions: ['change_companyaccount', 'view_allaccountgroup'] });
const READER = buildUser({ roles: ['RU'], permissions: [] });

afterEach(() => {
  useUiStateStore.setState({ cvssVersion: 3, cvssVersionChosen: false });
  useLoginMessagesDialog.setState({ messages: [] });
});

describe('before every navigation', () => {
  it('collects the permissions every matched route declares, each once', () => {
    expect(requiredPermissions([{ staticData: {} }, { staticData: { permissions: ['change_companyaccount'] } }, { staticData: { permissions: ['change_companyaccount', 'view_allaccountgroup'] } }])).toEqual([
      'change_companyaccount',
      'view_allaccountgroup',
    ]);
  });

  it.each([['/account/feed'], ['/account/groups'], ['/account/api-key-network-table'], ['/account/license-usage'], ['/account/vulnerability-data']])(
    'sends a user without change_companyaccount from %s to the forbidden page',
    async (url) => {
      server.use(mock.get('/rest/users/me/', () => HttpResponse.json(READER)));
      const { router } = renderRoute(url);
      expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/403-forbidden');
    },
  );

  it('loads the company data once, with the user, memberships and system status, and applies the default CVSS version', async () => {
    const asked: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(ADMIN)),
      mock.get('/rest/settings/company/', () => {
        asked.push('company');
        return HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, default_cvss_version: 4 });
      }),
      mock.get('/rest/account-memberships/{id}/', ({ params }) => {
        asked.push(`account-membership ${String(params['id'])}`);
        return HttpResponse.json({ id: 1, user: 1, roles: ['AU'], permissions: ['change_companyaccount'] });
      }),
      mock.get('/rest/group-memberships/', ({ request }) => {
        asked.push(`group-memberships ${new URL(request.url).search}`);
        return HttpResponse.json(paged([]));
      }),
      mock.get('/rest/system-status/', () => {
        asked.push('system-status');
        return HttpResponse.json([]);
      }),
      mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase())),
    );
    const { router } = renderRoute('/403-forbidden');
    await screen.findByRole('heading', { name: 'Forbidden' });
    await router.navigate({ to: '/account/vulnerability-data' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/vulnerability-data'));
    expect(asked.toSorted()).toEqual(['account-membership 1', 'company', 'group-memberships ?user_id=1&limit=500', 'system-status']);
    expect(useUiStateStore.getState().cvssVersion).toBe(4);
  });

  it('shows the login messages in a dialog when the address has checkLoginMessages', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(READER)),
      mock.get('/rest/messages/', () =>
        HttpResponse.json(paged([{ id: 2, level: 'warning' as const, tags: [], text: 'Maintenance on Sunday 02:00-04:00 UTC', starts_at: null, ends_at: null, created: '2026-11-27T10:00:00Z' }])),
      ),
    );
    const { router } = renderRoute('/403-forbidden?checkLoginMessages=true');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(router.state.location.href).toBe('/403-forbidden');
    expect(within(dialog).getByText('Maintenance on Sunday 02:00-04:00 UTC')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for no login messages without checkLoginMessages', async () => {
    let asked = false;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(READER)),
      mock.get('/rest/messages/', () => {
        asked = true;
        return HttpResponse.json(paged([]));
      }),
    );
    renderRoute('/403-forbidden');
    await screen.findByRole('heading', { name: 'Forbidden' });
    expect(asked).toBe(false);
  });

  it('shows a banner for every system status entry that is not info', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(READER)),
      mock.get('/rest/system-status/', () =>
        HttpResponse.json([
          { id: 'knowledge-base', level: 'warning', tags: ['knowledge-base'], text: 'The vulnerability knowledge base has never been synced.', source: 'server', created: null },
          { id: 'scan-queue', level: 'info', tags: ['scans'], text: 'No scans are waiting.', source: 'server', created: null },
        ]),
      ),
    );
    renderRoute('/403-forbidden');
    const banner = await screen.findByRole('region', { name: 'System status' });
    expect(within(banner).getByText('The vulnerability knowledge base has never been synced.')).toBeInTheDocument();
    expect(screen.queryByText('No scans are waiting.')).not.toBeInTheDocument();
  });

  it('shows the not-found page inside the app frame for a signed-in user', async () => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(READER)));
    renderRoute('/no-such-page/at-all');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
