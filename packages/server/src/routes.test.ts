// The route walk: every /rest/ and /api/ route the app registers declares who may call it (the
// guard refuses one that does not), and the whole table is here to review in one place.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { compose } from './composition.ts';
import { type Database, openDatabase } from './db/client.ts';

let scratch: string;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'binlens-routes-'));
  database = await openDatabase({});
  app = await buildApp({ composition: compose({ database, blobDir: scratch, queue: false }) });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
});

it('declares a permission on every /rest/ and /api/ route', () => {
  const undeclared = app.restRoutes.filter((route) => route.permission === undefined).map((route) => `${route.method} ${route.url}`);
  expect(undeclared).toEqual([]);
});

it('declares these permissions and scopes', () => {
  // HEAD routes are Fastify's automatic twins of the GET routes and share their config.
  const table = app.restRoutes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => [`${route.method} ${route.url}`, route.permission, route.scope ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const scan = { scan: 'params.id' };
  expect(table).toEqual([
    ['DELETE /rest/api-key-networks/:id/', 'change_companyaccount', null],
    ['DELETE /rest/group-memberships/:id/', 'change_appcheckgroup', { groupMembership: 'params.id' }],
    ['DELETE /rest/groups/:id/custom_data/', 'change_appcheckgroup', { group: 'params.id' }],
    ['DELETE /rest/groups/:id/set-favourite/', 'view_appcheckgroup', { group: 'params.id' }],
    ['DELETE /rest/messages/:id/', 'change_companyaccount', null],
    ['DELETE /rest/notices/:id/', 'change_companyaccount', null],
    ['DELETE /rest/otps/', 'authenticated', null],
    ['DELETE /rest/settings/company/licenses/:id/', 'change_companyaccount', null],
    ['DELETE /rest/system-status/:id/', 'change_companyaccount', null],
    ['DELETE /rest/users/:id/', 'change_companyaccount', null],
    ['GET /api/key/', 'authenticated', null],
    ['GET /rest/account-memberships/', 'authenticated', null],
    ['GET /rest/account-memberships/:id/', 'authenticated', null],
    ['GET /rest/api-key-networks/', 'change_companyaccount', null],
    ['GET /rest/audit-events/', 'change_companyaccount', null],
    ['GET /rest/content-type/', 'authenticated', null],
    ['GET /rest/distro-cvss/', 'authenticated', null],
    ['GET /rest/epss/', 'authenticated', null],
    ['GET /rest/group-memberships/', 'authenticated', null],
    ['GET /rest/groups/', 'authenticated', null],
    ['GET /rest/groups/:id/', 'view_appcheckgroup', { group: 'params.id' }],
    ['GET /rest/groups/:id/custom_data/', 'view_appcheckgroup', { group: 'params.id' }],
    ['GET /rest/groups/:id/events/', 'view_appcheckgroup', { group: 'params.id' }],
    ['GET /rest/infoleak/:kind/', 'view_appcheckgroup', { scan: 'query.scan' }],
    ['GET /rest/knowledge-base/', 'authenticated', null],
    ['GET /rest/license-usage/', 'change_companyaccount', null],
    ['GET /rest/messages/', 'authenticated', null],
    ['GET /rest/notices/', 'authenticated', null],
    ['GET /rest/notices/:id/', 'authenticated', null],
    ['GET /rest/openapi.json', 'public', null],
    ['GET /rest/otps/', 'authenticated', null],
    ['GET /rest/scans/', 'authenticated', null],
    ['GET /rest/scans/:id/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/errors/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/executable-attributes/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/info/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/infoleak/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/mobileapps/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/result/', 'view_appcheckgroup', scan],
    ['GET /rest/scans/:id/warnings/', 'view_appcheckgroup', scan],
    ['GET /rest/settings/company/', 'authenticated', null],
    ['GET /rest/settings/company/authentication/', 'change_companyaccount', null],
    ['GET /rest/settings/company/bom/', 'change_companyaccount', null],
    ['GET /rest/settings/company/data-retention/', 'change_companyaccount', null],
    ['GET /rest/settings/company/licenses/', 'change_companyaccount', null],
    ['GET /rest/settings/company/scan/', 'change_companyaccount', null],
    ['GET /rest/settings/company/user/', 'change_companyaccount', null],
    ['GET /rest/settings/sso/', 'change_companyaccount', null],
    ['GET /rest/sso/', 'public', null],
    ['GET /rest/sso/finish/', 'public', null],
    ['GET /rest/sso/login/', 'public', null],
    ['GET /rest/sso/metadata/', 'public', null],
    ['GET /rest/system-status/', 'authenticated', null],
    ['GET /rest/users/', 'authenticated', null],
    ['GET /rest/users/:id/', 'authenticated', null],
    ['GET /rest/users/me/', 'authenticated', null],
    ['GET /rest/vulnerabilities/:id/', 'authenticated', null],
    ['PATCH /rest/account-memberships/:id/', 'change_companyaccount', null],
    ['PATCH /rest/group-memberships/:id/', 'change_appcheckgroup', { groupMembership: 'params.id' }],
    ['PATCH /rest/groups/:id/', 'change_appcheckgroup', { group: 'params.id' }],
    ['PATCH /rest/groups/:id/custom_data/', 'change_appcheckgroup', { group: 'params.id' }],
    ['PATCH /rest/messages/:id/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/authentication/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/bom/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/data-retention/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/licenses/:id/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/scan/', 'change_companyaccount', null],
    ['PATCH /rest/settings/company/user/', 'change_companyaccount', null],
    ['PATCH /rest/settings/sso/', 'change_companyaccount', null],
    ['PATCH /rest/users/:id/', 'change_companyaccount', null],
    ['PATCH /rest/users/me/', 'authenticated', null],
    ['POST /api/key/', 'authenticated', null],
    ['POST /rest/api-key-networks/', 'change_companyaccount', null],
    ['POST /rest/api-keys/invalidate/', 'authenticated', null],
    ['POST /rest/auth/login/', 'public', null],
    ['POST /rest/auth/logout/', 'authenticated', null],
    ['POST /rest/auth/password-reset/', 'public', null],
    ['POST /rest/auth/set-password/', 'public', null],
    ['POST /rest/group-memberships/', 'change_appcheckgroup', { group: 'body.group_id' }],
    ['POST /rest/groups/', 'authenticated', null],
    ['POST /rest/groups/:id/custom_data/', 'change_appcheckgroup', { group: 'params.id' }],
    ['POST /rest/groups/:id/set-favourite/', 'view_appcheckgroup', { group: 'params.id' }],
    ['POST /rest/groups/:id/upload/', 'upload_application', { group: 'params.id' }],
    ['POST /rest/groups/report/', 'authenticated', null],
    ['POST /rest/knowledge-base/bundles/', 'change_companyaccount', null],
    ['POST /rest/knowledge-base/sync/', 'change_companyaccount', null],
    ['POST /rest/messages/', 'change_companyaccount', null],
    ['POST /rest/notices/', 'change_companyaccount', null],
    ['POST /rest/otps/', 'authenticated', null],
    ['POST /rest/otps/confirm/', 'authenticated', null],
    ['POST /rest/settings/company/licenses/', 'change_companyaccount', null],
    ['POST /rest/sso/acs/', 'public', null],
    ['POST /rest/system-status/', 'change_companyaccount', null],
    ['POST /rest/users/', 'change_companyaccount', null],
    ['POST /rest/users/:id/reset_password/', 'change_companyaccount', null],
    ['POST /rest/users/:id/test_email/', 'change_companyaccount', null],
    ['POST /rest/users/update/', 'change_companyaccount', null],
  ]);
});

it('documents the standard error answers on every route, besides its own', () => {
  type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const { paths } = app.swagger() as unknown as Document;
  const statuses = Object.entries(paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => `${method} ${url} ${Object.keys(operation.responses).join(',')}`),
  );
  expect(statuses.sort()).toEqual([
    'delete /rest/api-key-networks/{id}/ 204,400,401,403,404,500',
    'delete /rest/group-memberships/{id}/ 204,400,401,403,404,500',
    'delete /rest/groups/{id}/custom_data/ 204,400,401,403,404,500',
    'delete /rest/groups/{id}/set-favourite/ 200,400,401,403,404,500',
    'delete /rest/messages/{id}/ 204,400,401,403,404,500',
    'delete /rest/notices/{id}/ 204,400,401,403,404,500',
    'delete /rest/otps/ 204,400,401,403,404,429,500',
    'delete /rest/settings/company/licenses/{id}/ 204,400,401,403,404,500',
    'delete /rest/system-status/{id}/ 204,400,401,403,404,500',
    'delete /rest/users/{id}/ 204,400,401,403,404,409,500',
    'get /api/key/ 200,400,401,403,404,429,500',
    'get /rest/account-memberships/ 200,400,401,403,404,500',
    'get /rest/account-memberships/{id}/ 200,400,401,403,404,500',
    'get /rest/api-key-networks/ 200,400,401,403,404,500',
    'get /rest/audit-events/ 200,400,401,403,404,500',
    'get /rest/content-type/ 200,400,401,403,404,500',
    'get /rest/distro-cvss/ 200,400,401,403,404,500',
    'get /rest/epss/ 200,400,401,403,404,500',
    'get /rest/group-memberships/ 200,400,401,403,404,500',
    'get /rest/groups/ 200,400,401,403,404,500',
    'get /rest/groups/{id}/ 200,400,401,403,404,500',
    'get /rest/groups/{id}/custom_data/ 200,400,401,403,404,500',
    'get /rest/groups/{id}/events/ 200,400,401,403,404,500',
    'get /rest/infoleak/{kind}/ 200,400,401,403,404,409,500',
    'get /rest/knowledge-base/ 200,400,401,403,404,500',
    'get /rest/license-usage/ 200,400,401,403,404,500',
    'get /rest/messages/ 200,400,401,403,404,500',
    'get /rest/notices/ 200,400,401,403,404,500',
    'get /rest/notices/{id}/ 200,400,401,403,404,500',
    'get /rest/otps/ 200,400,401,403,404,500',
    'get /rest/scans/ 200,400,401,403,404,500',
    'get /rest/scans/{id}/ 200,400,401,403,404,500',
    'get /rest/scans/{id}/errors/ 200,400,401,403,404,500',
    'get /rest/scans/{id}/executable-attributes/ 200,400,401,403,404,409,500',
    'get /rest/scans/{id}/info/ 200,400,401,403,404,500',
    'get /rest/scans/{id}/infoleak/ 200,400,401,403,404,409,500',
    'get /rest/scans/{id}/mobileapps/ 200,400,401,403,404,409,500',
    'get /rest/scans/{id}/result/ 200,400,401,403,404,409,500',
    'get /rest/scans/{id}/warnings/ 200,400,401,403,404,500',
    'get /rest/settings/company/ 200,400,401,403,404,500',
    'get /rest/settings/company/authentication/ 200,400,401,403,404,500',
    'get /rest/settings/company/bom/ 200,400,401,403,404,500',
    'get /rest/settings/company/data-retention/ 200,400,401,403,404,500',
    'get /rest/settings/company/licenses/ 200,400,401,403,404,500',
    'get /rest/settings/company/scan/ 200,400,401,403,404,500',
    'get /rest/settings/company/user/ 200,400,401,403,404,500',
    'get /rest/settings/sso/ 200,400,401,403,404,500',
    'get /rest/sso/ 200,400,401,403,404,500',
    'get /rest/sso/finish/ 302,400,401,403,404,500',
    'get /rest/sso/login/ 302,400,401,403,404,500',
    'get /rest/sso/metadata/ 200,400,401,403,404,500',
    'get /rest/system-status/ 200,400,401,403,404,500',
    'get /rest/users/ 200,400,401,403,404,500',
    'get /rest/users/me/ 200,400,401,403,404,500',
    'get /rest/users/{id}/ 200,400,401,403,404,500',
    'get /rest/vulnerabilities/{id}/ 200,400,401,403,404,500',
    'patch /rest/account-memberships/{id}/ 200,400,401,403,404,500',
    'patch /rest/group-memberships/{id}/ 200,400,401,403,404,500',
    'patch /rest/groups/{id}/ 200,400,401,403,404,500',
    'patch /rest/groups/{id}/custom_data/ 200,400,401,403,404,500',
    'patch /rest/messages/{id}/ 200,400,401,403,404,500',
    'patch /rest/settings/company/ 200,400,401,403,404,500',
    'patch /rest/settings/company/authentication/ 200,400,401,403,404,500',
    'patch /rest/settings/company/bom/ 200,400,401,403,404,500',
    'patch /rest/settings/company/data-retention/ 200,400,401,403,404,500',
    'patch /rest/settings/company/licenses/{id}/ 200,400,401,403,404,500',
    'patch /rest/settings/company/scan/ 200,400,401,403,404,500',
    'patch /rest/settings/company/user/ 200,400,401,403,404,500',
    'patch /rest/settings/sso/ 200,400,401,403,404,500',
    'patch /rest/users/me/ 200,400,401,403,404,500',
    'patch /rest/users/{id}/ 200,400,401,403,404,500',
    'post /api/key/ 200,400,401,403,404,429,500',
    'post /rest/api-key-networks/ 201,400,401,403,404,500',
    'post /rest/api-keys/invalidate/ 204,400,401,403,404,500',
    'post /rest/auth/login/ 200,400,401,403,404,429,500',
    'post /rest/auth/logout/ 204,400,401,403,404,500',
    'post /rest/auth/password-reset/ 202,400,401,403,404,409,429,500',
    'post /rest/auth/set-password/ 204,400,401,403,404,500',
    'post /rest/group-memberships/ 201,400,401,403,404,500',
    'post /rest/groups/ 201,400,401,403,404,500',
    'post /rest/groups/report/ 200,400,401,403,404,500',
    'post /rest/groups/{id}/custom_data/ 201,400,401,403,404,500',
    'post /rest/groups/{id}/set-favourite/ 200,400,401,403,404,500',
    'post /rest/groups/{id}/upload/ 201,400,401,403,404,413,429,500',
    'post /rest/knowledge-base/bundles/ 202,400,401,403,404,409,413,500',
    'post /rest/knowledge-base/sync/ 202,400,401,403,404,409,500,503',
    'post /rest/messages/ 201,400,401,403,404,500',
    'post /rest/notices/ 201,400,401,403,404,500',
    'post /rest/otps/ 201,400,401,403,404,409,500',
    'post /rest/otps/confirm/ 200,400,401,403,404,500',
    'post /rest/settings/company/licenses/ 201,400,401,403,404,500',
    'post /rest/sso/acs/ 303,400,401,403,404,500',
    'post /rest/system-status/ 201,400,401,403,404,500',
    'post /rest/users/ 201,400,401,403,404,409,500,502',
    'post /rest/users/update/ 200,400,401,403,404,500',
    'post /rest/users/{id}/reset_password/ 200,400,401,403,404,409,500,502',
    'post /rest/users/{id}/test_email/ 200,400,401,403,404,409,500,502',
  ]);
});
