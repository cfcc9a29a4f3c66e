// Shared answers of the users pages' tests: an administrator signed in, a few users and groups.
import { HttpResponse } from 'msw';
import type { AccountUser, GroupMembership } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';

export const ADMIN = buildUser({ id: 1, email: 'admin@example.com', username: 'admin', roles: ['AU'], permissions: ['add_vulnerabilityinvalidation', 'change_companyaccount', 'change_infoleakcustomregex', 'view_allaccountgroup'] });

export function buildAccountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return { id: 5, email: 'bob@example.com', username: 'bob', is_active: true, groups: [], display_local_time: false, container_default_view: 'list', otp_active: false, ...overrides };
}

export const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
export const GROUPS = [buildGroup({ id: 7, name: 'Routers', user_permissions: MANAGES }), buildGroup({ id: 8, name: 'Cameras', search_path: '8', user_permissions: MANAGES })];

/** The frame's own requests: who is signed in, and what the navigation guard loads once. */
export function frameAnswers(me = ADMIN) {
  return [
    mock.get('/rest/users/me/', () => HttpResponse.json(me)),
    mock.get('/rest/groups/', () => HttpResponse.json(paged(GROUPS))),
    mock.get('/rest/settings/company/', () =>
      HttpResponse.json({
        triage_enabled: true,
        triage_description_mandatory: false,
        enable_global_version_override: true,
        enable_group_version_override: true,
        enable_product_version_override: true,
        membership_inheritance_enabled: false,
        default_cvss_version: 3,
      }),
    ),
    mock.get('/rest/system-status/', () => HttpResponse.json([])),
    mock.get('/rest/account-memberships/{id}/', ({ params }) =>
      HttpResponse.json(Number(params['id']) === me.id ? { id: me.id, user: me.id, roles: me.roles, permissions: me.permissions } : { id: Number(params['id']), user: Number(params['id']), roles: ['U'], permissions: [] }),
    ),
  ];
}

/** GET /rest/group-memberships/?user_id=…: these memberships of the user asked for (none for anyone else). */
export function membershipsAnswer(memberships: GroupMembership[]) {
  return mock.get('/rest/group-memberships/', ({ request }) => {
    const userId = Number(new URL(request.url).searchParams.get('user_id'));
    return HttpResponse.json(paged(memberships.filter((membership) => membership.user_id === userId)));
  });
}
