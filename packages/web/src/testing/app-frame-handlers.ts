// What the app frame loads before the first navigation (lib/navigation-guard.ts: the company's
// settings, the user's account membership and group memberships, the system status), answered
// for every test by default so that a page test declares only what its page is about. A test
// about one of them overrides it with server.use(...).
import { HttpResponse } from 'msw';
import type { CompanySettings } from '../lib/api-schemas.ts';
import { mock } from './api-mocks.ts';

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  triage_enabled: true,
  triage_description_mandatory: false,
  enable_global_version_override: true,
  enable_group_version_override: true,
  enable_product_version_override: true,
  membership_inheritance_enabled: true,
  default_cvss_version: 3,
};

export const APP_FRAME_HANDLERS = [
  mock.get('/rest/settings/company/', () => HttpResponse.json(DEFAULT_COMPANY_SETTINGS)),
  mock.get('/rest/account-memberships/{id}/', ({ params }) => HttpResponse.json({ id: Number(params['id']), user: Number(params['id']), roles: [], permissions: [] })),
  mock.get('/rest/group-memberships/', () => HttpResponse.json({ count: 0, results: [], links: { next: null, previous: null } })),
  mock.get('/rest/system-status/', () => HttpResponse.json([])),
  mock.get('/rest/messages/', () => HttpResponse.json({ count: 0, results: [], links: { next: null, previous: null } })),
  // The login page asks whether single sign-on is on (features/sso).
  mock.get('/rest/sso/', () => HttpResponse.json({ enabled: false, label: 'single sign-on' })),
];
