import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Group } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
const company = buildGroup({ id: 1, name: 'Company', search_path: '1', user_permissions: MANAGES });
const lab = buildGroup({ id: 4, name: 'Lab', parent: 1, search_path: '1.4', user_permissions: MANAGES });
const gateways = buildGroup({ id: 9, name: 'Gateways', description: 'LTE', parent: 4, search_path: '1.4.9', user_permissions: MANAGES });

/** GET /rest/users/me/, GET /rest/groups/{id}/ for the given groups (404 for others) and an empty subgroup list. */
function answer(groups: Group[]) {
  const requested: string[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', ({ params }) => {
      requested.push(String(params['id']));
      const group = groups.find((candidate) => String(candidate.id) === params['id']);
      return group ? HttpResponse.json(group) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
  );
  return requested;
}

describe('group page', () => {
  it('shows breadcrumbs along the whole search path, each ancestor a link to it, ending at the group', async () => {
    answer([company, lab, gateways]);
    renderRoute('/groups/9/subgroups');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    await within(nav).findByRole('link', { name: 'Lab' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Groups', '/all-groups'],
      ['Company', '/groups/1'],
      ['Lab', '/groups/4'],
    ]);
    const current = within(nav).getByText('Gateways');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(nav.textContent).toBe('Groups/Company/Lab/Gateways');
    expect(screen.getByRole('heading', { name: 'Gateways' })).toBeInTheDocument();
  });

  it('shows an ancestor the viewer cannot see (404) as "…" without a link, and raises no error dialog', async () => {
    const requested = answer([lab, gateways]);
    renderRoute('/groups/9/subgroups');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    await within(nav).findByRole('link', { name: 'Lab' });
    await waitFor(() => expect(within(nav).getByText('…')).toHaveAttribute('title', 'A group you cannot see'));
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Groups', 'Lab']);
    expect(nav.textContent).toBe('Groups/…/Lab/Gateways');
    expect(requested.toSorted()).toEqual(['1', '4', '9']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has Applications, Subgroups, Members, Events and Settings tabs for a manager, the current one selected', async () => {
    answer([company, lab, gateways]);
    renderRoute('/groups/9/subgroups');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href'), tab.getAttribute('aria-selected')])).toEqual([
      ['Applications', '/groups/9/applications', 'false'],
      ['Subgroups', '/groups/9/subgroups', 'true'],
      ['Members', '/groups/9/members', 'false'],
      ['Events', '/groups/9/events', 'false'],
      ['Settings', '/groups/9/settings', 'false'],
    ]);
  });

  it('has no Settings tab without change_appcheckgroup, and sends its settings URL to the forbidden page', async () => {
    const member = { ...gateways, user_permissions: ['view_appcheckgroup', 'upload_application'] };
    answer([company, lab, member]);
    const { router } = renderRoute('/groups/9/subgroups');
    await screen.findByRole('tab', { name: 'Subgroups' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Applications', 'Subgroups', 'Members', 'Events']);
    await router.navigate({ to: '/groups/$groupId/settings/general', params: { groupId: 9 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403-forbidden'));
  });

  it('opens settings on general', async () => {
    answer([company, lab, gateways]);
    const { router } = renderRoute('/groups/9/settings');
    expect(await screen.findByRole('heading', { name: 'General' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/9/settings/general');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds the group to the favourites and takes it off again, each through the server', async () => {
    answer([{ ...gateways, parent: null, search_path: '9' }]);
    const sent: string[] = [];
    server.use(
      mock.post('/rest/groups/{id}/set-favourite/', ({ params }) => {
        sent.push(`POST ${String(params['id'])}`);
        return HttpResponse.json({ ...gateways, parent: null, search_path: '9', favourite: true });
      }),
      mock.delete('/rest/groups/{id}/set-favourite/', ({ params }) => {
        sent.push(`DELETE ${String(params['id'])}`);
        return HttpResponse.json({ ...gateways, parent: null, search_path: '9', favourite: false });
      }),
    );
    renderRoute('/groups/9/subgroups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '☆ Add to favourites' }));
    const marked = await screen.findByRole('button', { name: '★ Favourite' });
    expect(marked).toHaveAttribute('aria-pressed', 'true');
    await user.click(marked);
    expect(await screen.findByRole('button', { name: '☆ Add to favourites' })).toHaveAttribute('aria-pressed', 'false');
    expect(sent).toEqual(['POST 9', 'DELETE 9']);
  });
});
