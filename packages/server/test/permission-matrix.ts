// The permission matrix: every /rest/ and /api/ route, who may call it (spec §6) and a valid
// request for it. test/permission-matrix-suite.ts runs each row as every caller of
// test/permission-callers.ts and fails when a registered route has no row here, or a row no route.
import { LEFT_PAD_UID, LODASH_FILE_SHA1, LODASH_UID, nextLeftPadSha1 } from './matrix-adjustments.ts';
import type { Allow, Fixtures, MatrixRequest } from './permission-callers.ts';

export interface MatrixRow {
  /** `METHOD url` as registered. */
  route: string;
  allow: Allow;
  /** The request, given the caller's user id; without one, the route's url as it is. */
  request?: (f: Fixtures, self: number) => MatrixRequest | Promise<MatrixRequest>;
  /** The route refuses API keys (403) whoever holds them. */
  noKeys?: true;
  /** The call ends the caller's session or key: each such caller gets a new one after it. */
  spends?: 'session' | 'key';
}

const VIEW = { onGroup: 'view_appcheckgroup' } as const;
const CHANGE = { onGroup: 'change_appcheckgroup' } as const;
const UPLOAD = { onGroup: 'upload_application' } as const;
const ADMIN = { account: 'change_companyaccount' } as const;
/** Triage (an account permission) on a scan the caller sees. */
const TRIAGE_ON_SCAN = { account: 'add_vulnerabilityinvalidation', onGroup: 'view_appcheckgroup' } as const;

const group = (f: Fixtures, rest = '') => ({ url: `/rest/groups/${f.groupId}/${rest}` });
const scan = (rest: string) => (f: Fixtures) => ({ url: `/rest/scans/${f.scanId}/${rest}` });
/** A new custom-data entry of the group, for one call to change or remove; its key. */
const customData = async (f: Fixtures) => {
  const key = `K${f.unique()}`;
  await f.post(`/rest/groups/${f.groupId}/custom_data/`, { key, value: 'v' });
  return key;
};
/** A new custom-data entry of the fixture scan, for one call to change or remove; its id. */
const scanCustomData = async (f: Fixtures) => (await f.post('/rest/custom-data/', { product: f.scanId, key: `K${f.unique()}`, value: 'v' })).id;
/** A new member of the group, for one call to change or remove; the membership's id. */
const membership = async (f: Fixtures) =>
  (await f.post('/rest/group-memberships/', { group_id: f.groupId, user_id: await f.newUser(), role: 'GU' })).id;
const file = (name: string, content: Buffer) => ({ field: 'file', name, content });
/** A new licence policy override, for one call to change or remove; its id. */
const licensePolicy = async (f: Fixtures) =>
  (await f.post('/rest/settings/company/licenses/', { license_name: `LicenseRef-matrix-${f.unique()}`, policy: 'RE' })).id;

const PATTERNS = { account: 'change_infoleakcustomregex' } as const;
/** Custom patterns applied to a scan the caller sees. */
const PATTERNS_ON_SCAN = { account: 'change_infoleakcustomregex', onGroup: 'view_appcheckgroup' } as const;
/** A new custom pattern, for one call to read, change or remove; its id. */
const customPattern = async (f: Fixtures) => (await f.post('/rest/regular-expressions/', { name: `Pattern ${f.unique()}`, pattern: 'matrix-pattern-[0-9]+' })).id;
/** A search of the fixture scan for the custom patterns, queued for one call to follow it; its id. */
const patternSearch = async (f: Fixtures) => (await f.post(`/rest/scans/${f.scanId}/custom-patterns/apply/`, {})).id;

/** A new scans CSV made in the background for the administrator, for one call to read or remove; its id. */
const backgroundReport = async (f: Fixtures) => (await f.post('/rest/reports/', { kind: 'scans', format: 'csv', q: `matrix ${f.unique()}` })).id;

const TRIAGE = { account: 'add_vulnerabilityinvalidation' } as const;
/** An account-wide triage of the fixture scan's lodash 4.17.20 and its CVE. */
const triageBody = (f: Fixtures) => ({
  scan_id: f.scanId, component_name: 'lodash', component_version: '4.17.20', vuln_id: 'CVE-2021-23337', rationale: 'NA', scope: 'CA', description: `Matrix ${f.unique()}`,
});
/** A new triage, for one call to change or remove; its id. */
const triage = async (f: Fixtures) => {
  const made = (await f.post('/rest/triages/', [triageBody(f)])) as unknown as { id: number }[];
  const first = made[0];
  if (!first) throw new Error('no triage was made');
  return first.id;
};
/** A triage at R of the fixture scan's information leak 1 (an e-mail address). */
const infoleakTriageBody = (f: Fixtures) => ({ scan: f.scanId, triaged_obj: [1], scope: 'R', result_scope: f.scanId, rationale: 'U' });
/** A new infoleak triage, for one call to remove; its id. */
const infoleakTriage = async (f: Fixtures) =>
  ((await f.post('/rest/infoleak/emails/triage/', infoleakTriageBody(f))) as unknown as { triages: { id: number }[] }).triages[0]?.id;

// Overrides of the fixture scan's lodash that change nothing a later row reads: its own version,
// a licence, a display name for a name no scan has, ignores in a group of their own.
const versionOverrideBody = (f: Fixtures, scope: 1 | 3) => ({
  scan: f.scanId, component_name: 'lodash', hashes: [LODASH_FILE_SHA1], version: '4.17.20', scope, ...(scope === 1 ? { result_scope: f.scanId } : {}),
});
/** A new global version override, for one call to read or remove; its id. */
const globalVersionOverride = async (f: Fixtures) => (await f.post('/rest/version-override/', versionOverrideBody(f, 3))).id;
const licenseOverrideBody = (f: Fixtures, scope: 1 | 3) => ({
  scan: f.scanId, component_name: 'lodash', license_name: 'MIT', scope, ...(scope === 1 ? { result_scope: f.scanId } : {}),
});
/** A new global licence override, for one call to change or remove; its id. */
const globalLicenseOverride = async (f: Fixtures) => (await f.post('/rest/license-override/', licenseOverrideBody(f, 3))).id;
const nameOverride = async (f: Fixtures) => (await f.post('/rest/component-name-overrides/', { display_name: 'Matrix', mimir_name: `matrix-${f.unique()}` })).id;
/** An ignore of lodash in a new group of its own, which no scan sits in; its id. */
const componentIgnoreBody = async (f: Fixtures) => ({
  scan_id: f.scanId, component_name: 'lodash', scope: 'G', group_scope: (await f.post('/rest/groups/', { name: `Ignores ${f.unique()}` })).id,
});
const componentIgnore = async (f: Fixtures) => (await f.post('/rest/component-ignores/', await componentIgnoreBody(f))).id;
/** A new move of one left-pad file to lodash, for one call to undo; its id. */
const componentMove = async (f: Fixtures) => (await f.post(`/rest/scans/${f.scanId}/component-adjustments/`, { from_uid: LEFT_PAD_UID, to_uid: LODASH_UID, hashes: [nextLeftPadSha1(f)] })).id;

export const MATRIX: readonly MatrixRow[] = [
  { route: 'GET /rest/openapi.json', allow: 'anyone' },
  { route: 'POST /rest/auth/login/', allow: 'anyone', request: (f) => ({ url: '/rest/auth/login/', payload: f.credentials }) },
  { route: 'GET /rest/users/me/', allow: 'signed-in' },
  { route: 'PATCH /rest/users/me/', allow: 'signed-in', request: () => ({ url: '/rest/users/me/', payload: { display_local_time: true } }) },
  { route: 'GET /rest/users/', allow: 'signed-in' },
  { route: 'POST /rest/users/', allow: ADMIN, request: (f) => ({ url: '/rest/users/', payload: { email: `invited${f.unique()}@example.com` } }) },
  { route: 'GET /rest/users/:id/', allow: 'signed-in', request: (_f, self) => ({ url: `/rest/users/${self}/` }) },
  { route: 'PATCH /rest/users/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/users/${await f.newUser()}/`, payload: { username: `renamed${f.unique()}` } }) },
  { route: 'DELETE /rest/users/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/users/${await f.newUser()}/` }) },
  { route: 'POST /rest/users/update/', allow: ADMIN, request: async (f) => ({ url: '/rest/users/update/', payload: { ids: [await f.newUser()], is_active: false } }) },
  // Without a mail server these answer 409 (mail is not configured): past the guard, so allowed.
  { route: 'POST /rest/users/:id/reset_password/', allow: ADMIN, request: async (f) => ({ url: `/rest/users/${await f.newUser()}/reset_password/` }) },
  { route: 'POST /rest/users/:id/test_email/', allow: ADMIN, request: async (f) => ({ url: `/rest/users/${await f.newUser()}/test_email/` }) },
  { route: 'POST /rest/auth/set-password/', allow: 'anyone', request: () => ({ url: '/rest/auth/set-password/', payload: { token: 'unknown', password: 'a long enough password' } }) },
  { route: 'POST /rest/auth/password-reset/', allow: 'anyone', request: () => ({ url: '/rest/auth/password-reset/', payload: { email: 'nobody@example.com' } }) },
  { route: 'GET /rest/account-memberships/', allow: 'signed-in' },
  { route: 'GET /rest/account-memberships/:id/', allow: 'signed-in', request: (_f, self) => ({ url: `/rest/account-memberships/${self}/` }) },
  {
    route: 'PATCH /rest/account-memberships/:id/',
    allow: ADMIN,
    request: async (f) => ({ url: `/rest/account-memberships/${await f.newUser()}/`, payload: { roles: ['U'] } }),
  },

  { route: 'GET /rest/groups/', allow: 'signed-in' },
  { route: 'POST /rest/groups/', allow: 'signed-in', request: (f) => ({ url: '/rest/groups/', payload: { name: `Group ${f.unique()}` } }) },
  { route: 'GET /rest/groups/:id/', allow: VIEW, request: (f) => group(f) },
  { route: 'PATCH /rest/groups/:id/', allow: CHANGE, request: (f) => ({ ...group(f), payload: { description: `Edit ${f.unique()}` } }) },
  { route: 'GET /rest/groups/:id/custom_data/', allow: VIEW, request: (f) => group(f, 'custom_data/') },
  { route: 'POST /rest/groups/:id/custom_data/', allow: CHANGE, request: (f) => ({ ...group(f, 'custom_data/'), payload: { key: `K${f.unique()}`, value: 'v' } }) },
  { route: 'PATCH /rest/groups/:id/custom_data/', allow: CHANGE, request: async (f) => ({ ...group(f, 'custom_data/'), payload: { key: await customData(f), value: 'w' } }) },
  { route: 'DELETE /rest/groups/:id/custom_data/', allow: CHANGE, request: async (f) => group(f, `custom_data/?key=${await customData(f)}`) },
  { route: 'POST /rest/groups/:id/set-favourite/', allow: VIEW, request: (f) => group(f, 'set-favourite/') },
  { route: 'DELETE /rest/groups/:id/set-favourite/', allow: VIEW, request: (f) => group(f, 'set-favourite/') },
  { route: 'GET /rest/groups/:id/settings/scan/', allow: VIEW, request: (f) => group(f, 'settings/scan/') },
  { route: 'PATCH /rest/groups/:id/settings/scan/', allow: CHANGE, request: (f) => ({ ...group(f, 'settings/scan/'), payload: { historical: f.unique() % 2 === 0 } }) },
  { route: 'GET /rest/groups/:id/settings/data-retention/', allow: VIEW, request: (f) => group(f, 'settings/data-retention/') },
  { route: 'PATCH /rest/groups/:id/settings/data-retention/', allow: CHANGE, request: (f) => ({ ...group(f, 'settings/data-retention/'), payload: { delete_results_after_days: null } }) },
  { route: 'GET /rest/groups/:id/settings/bom/', allow: VIEW, request: (f) => group(f, 'settings/bom/') },
  { route: 'GET /rest/groups/:id/settings/licenses/', allow: VIEW, request: (f) => group(f, 'settings/licenses/') },
  { route: 'PATCH /rest/groups/:id/settings/bom/', allow: CHANGE, request: (f) => ({ ...group(f, 'settings/bom/'), payload: { include_vulnerabilities: null } }) },
  // Triages and overrides come before the rows that add scans (uploads, scans made to be removed):
  // each account-wide one re-evaluates every ready scan, and with ~30 more scans these rows took
  // ten times as long.
  // Account-wide (CA) triages of the fixture scan's lodash: every user sees them; the permission changes them.
  // Before the rows that rescan the shared scan: a triage is checked against its ready result.
  { route: 'GET /rest/triages/', allow: 'signed-in' },
  { route: 'GET /rest/triages/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/triages/${await triage(f)}/` }) },
  { route: 'POST /rest/triages/', allow: TRIAGE, request: (f) => ({ url: '/rest/triages/', payload: [triageBody(f)] }) },
  { route: 'PATCH /rest/triages/:id/', allow: TRIAGE, request: async (f) => ({ url: `/rest/triages/${await triage(f)}/`, payload: { description: `Edit ${f.unique()}` } }) },
  { route: 'DELETE /rest/triages/:id/', allow: TRIAGE, request: async (f) => ({ url: `/rest/triages/${await triage(f)}/` }) },
  { route: 'DELETE /rest/triages/delete_list/', allow: TRIAGE, request: async (f) => ({ url: `/rest/triages/delete_list/?id__in=${await triage(f)},${await triage(f)}` }) },
  // Overrides, ignores and moves (modules/version-overrides and its siblings), before the rows
  // that rescan the shared scan: they need it ready. An override named by
  // its id is checked by the service against its own scope: a global one needs
  // change_companyaccount (403 otherwise); scopes 1 and 2 are in version-overrides.routes.test.ts.
  { route: 'GET /rest/version-override/', allow: 'signed-in', request: (f) => ({ url: `/rest/version-override/?scan=${f.scanId}` }) },
  { route: 'POST /rest/version-override/', allow: CHANGE, request: (f) => ({ url: '/rest/version-override/', payload: versionOverrideBody(f, 1) }) },
  { route: 'GET /rest/version-override/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/version-override/${await globalVersionOverride(f)}/` }) },
  { route: 'DELETE /rest/version-override/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/version-override/${await globalVersionOverride(f)}/` }) },
  { route: 'GET /rest/license-override/', allow: 'signed-in', request: (f) => ({ url: `/rest/license-override/?scan=${f.scanId}&component_name=lodash` }) },
  { route: 'POST /rest/license-override/', allow: CHANGE, request: (f) => ({ url: '/rest/license-override/', payload: licenseOverrideBody(f, 1) }) },
  { route: 'PATCH /rest/license-override/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/license-override/${await globalLicenseOverride(f)}/`, payload: { license_name: 'Apache-2.0' } }) },
  { route: 'DELETE /rest/license-override/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/license-override/${await globalLicenseOverride(f)}/` }) },
  { route: 'GET /rest/component-name-overrides/', allow: 'signed-in' },
  { route: 'POST /rest/component-name-overrides/', allow: ADMIN, request: (f) => ({ url: '/rest/component-name-overrides/', payload: { display_name: 'Matrix', mimir_name: `matrix-${f.unique()}` } }) },
  { route: 'PATCH /rest/component-name-overrides/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/component-name-overrides/${await nameOverride(f)}/`, payload: { display_name: `Renamed ${f.unique()}` } }) },
  { route: 'DELETE /rest/component-name-overrides/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/component-name-overrides/${await nameOverride(f)}/` }) },
  {
    route: 'POST /rest/groups/:id/upload/',
    allow: { onGroup: 'upload_application' },
    request: (f) => ({ ...group(f, 'upload/'), file: file('app.bin', Buffer.from('matrix')) }),
  },
  // Resumable uploads: the group named in Upload-Metadata is checked by the handler (404/403 in
  // modules/uploads/uploads.routes.test.ts); the matrix sends no tus headers, so past the guard a
  // signed-in caller gets 412, and an upload id that is not theirs 404.
  { route: 'GET /rest/uploads/limit/', allow: 'signed-in' },
  { route: 'POST /rest/uploads/', allow: 'signed-in' },
  { route: 'PATCH /rest/uploads/:uploadId', allow: 'signed-in', request: () => ({ url: `/rest/uploads/${'0'.repeat(32)}` }) },
  { route: 'DELETE /rest/uploads/:uploadId', allow: 'signed-in', request: () => ({ url: `/rest/uploads/${'0'.repeat(32)}` }) },

  { route: 'GET /rest/group-memberships/', allow: 'signed-in' },
  {
    route: 'POST /rest/group-memberships/',
    allow: CHANGE,
    request: async (f) => ({ url: '/rest/group-memberships/', payload: { group_id: f.groupId, user_id: await f.newUser(), role: 'GU' } }),
  },
  { route: 'PATCH /rest/group-memberships/:id/', allow: CHANGE, request: async (f) => ({ url: `/rest/group-memberships/${await membership(f)}/`, payload: { role: 'M' } }) },
  { route: 'DELETE /rest/group-memberships/:id/', allow: CHANGE, request: async (f) => ({ url: `/rest/group-memberships/${await membership(f)}/` }) },

  { route: 'GET /rest/scans/', allow: 'signed-in' },
  { route: 'GET /rest/scans/statistics/', allow: 'signed-in' },
  // The fixture scan twice answers 400 past the guard; the base decides who may call it.
  { route: 'GET /rest/scans/diff/', allow: VIEW, request: (f) => ({ url: `/rest/scans/diff/?base=${f.scanId}&target=${f.scanId}` }) },
  { route: 'GET /rest/custom-data/', allow: VIEW, request: (f) => ({ url: `/rest/custom-data/?product=${f.scanId}` }) },
  { route: 'POST /rest/custom-data/', allow: UPLOAD, request: (f) => ({ url: '/rest/custom-data/', payload: { product: f.scanId, key: `K${f.unique()}`, value: 'v' } }) },
  // The guard has no scope for an entry id: past it, the service answers 404 for an entry of a scan
  // the caller cannot see and 403 without upload_application (scan-custom-data/custom-data.routes.test.ts).
  { route: 'PATCH /rest/custom-data/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/custom-data/${await scanCustomData(f)}/`, payload: { value: 'changed' } }) },
  { route: 'DELETE /rest/custom-data/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/custom-data/${await scanCustomData(f)}/` }) },
  { route: 'GET /rest/scans/:id/', allow: VIEW, request: scan('') },
  { route: 'GET /rest/scans/:id/result/', allow: VIEW, request: scan('result/') },
  { route: 'GET /rest/scans/:id/info/', allow: VIEW, request: scan('info/') },
  { route: 'GET /rest/scans/:id/warnings/', allow: VIEW, request: scan('warnings/') },
  { route: 'GET /rest/scans/:id/errors/', allow: VIEW, request: scan('errors/') },
  { route: 'GET /rest/scans/:id/executable-attributes/', allow: VIEW, request: scan('executable-attributes/') },
  { route: 'GET /rest/scans/:id/files/', allow: VIEW, request: scan('files/') },
  { route: 'GET /rest/scans/:id/files/detail/', allow: VIEW, request: scan('files/detail/?path=%5B%5D') },
  { route: 'GET /rest/scans/:id/layers/', allow: VIEW, request: scan('layers/') },
  { route: 'GET /rest/scans/:id/rss-findings/', allow: VIEW, request: scan('rss-findings/') },
  { route: 'GET /rest/static-code-rules/', allow: 'signed-in' },
  { route: 'GET /rest/scans/:id/sbom/', allow: VIEW, request: scan('sbom/?format=spdx-json') },
  { route: 'GET /rest/scans/:id/report/', allow: VIEW, request: scan('report/?format=csv-vulnerabilities') },
  { route: 'GET /api/product/:id/pdf-report', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/pdf-report?cvss_version=2` }) },
  { route: 'GET /api/product/:id/csv-libs', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/csv-libs` }) },
  { route: 'GET /api/product/:id/csv-vulns', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/csv-vulns` }) },
  { route: 'GET /api/product/:id', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/` }) },
  { route: 'GET /api/product/:id/infoleak', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/infoleak` }) },
  // Without META- headers a read: whoever sees the product.
  { route: 'POST /api/product/:id/custom-data', allow: VIEW, request: (f) => ({ url: `/api/product/${f.scanId}/custom-data` }) },
  { route: 'PATCH /api/product/:id', allow: UPLOAD, request: (f) => ({ url: `/api/product/${f.scanId}`, payload: { name: 'app.tar' } }) },
  { route: 'DELETE /api/product/:id', allow: CHANGE, request: async (f) => ({ url: `/api/product/${await f.newScan()}` }) },
  { route: 'DELETE /api/product/:id/remove', allow: CHANGE, request: async (f) => ({ url: `/api/product/${await f.newScan()}/remove` }) },
  { route: 'GET /rest/scans/:id/dotbdba/', allow: VIEW, request: scan('dotbdba/') },
  { route: 'GET /rest/scans/:id/mobileapps/', allow: VIEW, request: scan('mobileapps/') },
  { route: 'GET /rest/scans/:id/infoleak/', allow: VIEW, request: scan('infoleak/') },
  // Before the rows that rescan the shared scan: triage names its stored finding 1.
  { route: 'POST /rest/infoleak/:kind/triage/', allow: TRIAGE_ON_SCAN, request: (f) => ({ url: '/rest/infoleak/emails/triage/', payload: infoleakTriageBody(f) }) },
  { route: 'DELETE /rest/infoleak/:kind/triage/:id/', allow: TRIAGE_ON_SCAN, request: async (f) => ({ url: `/rest/infoleak/emails/triage/${await infoleakTriage(f)}/?scan=${f.scanId}` }) },
  // Before the rows that rescan the shared scan: a search needs it ready.
  { route: 'POST /rest/scans/:id/custom-patterns/apply/', allow: PATTERNS_ON_SCAN, request: scan('custom-patterns/apply/') },
  { route: 'GET /rest/scans/:id/custom-patterns/apply/:runId/', allow: PATTERNS_ON_SCAN, request: async (f) => scan(`custom-patterns/apply/${await patternSearch(f)}/`)(f) },
  { route: 'GET /rest/scans/:id/scan-log', allow: VIEW, request: scan('scan-log') },
  { route: 'GET /rest/scans/:id/scan_summary/', allow: VIEW, request: scan('scan_summary/') },
  { route: 'GET /rest/sales/scans/:id/', allow: VIEW, request: (f) => ({ url: `/rest/sales/scans/${f.scanId}/` }) },
  { route: 'GET /rest/sales/scans/:id/scan_summary/', allow: VIEW, request: (f) => ({ url: `/rest/sales/scans/${f.scanId}/scan_summary/` }) },
  { route: 'GET /rest/scans/:id/metadata/', allow: VIEW, request: scan('metadata/') },
  { route: 'GET /rest/scans/:id/events/', allow: VIEW, request: scan('events/') },
  { route: 'GET /rest/scans/:id/licenses/', allow: VIEW, request: scan('licenses/') },
  { route: 'GET /rest/scans/:id/evidence/', allow: VIEW, request: scan(`evidence/?uid=${encodeURIComponent('JS:lodash@4.17.20')}`) },
  // Ignores in a group only administrators see: a caller with the permission gets 400 or 404 past the guard.
  { route: 'GET /rest/component-ignores/', allow: 'signed-in', request: (f) => ({ url: `/rest/component-ignores/?scan=${f.scanId}` }) },
  { route: 'POST /rest/component-ignores/', allow: TRIAGE, request: async (f) => ({ url: '/rest/component-ignores/', payload: await componentIgnoreBody(f) }) },
  { route: 'DELETE /rest/component-ignores/:id/', allow: TRIAGE, request: async (f) => ({ url: `/rest/component-ignores/${await componentIgnore(f)}/` }) },
  // A move of lodash's file onto itself answers 400 past the guard; an undo takes a move of its own.
  { route: 'GET /rest/scans/:id/component-adjustments/', allow: VIEW, request: scan('component-adjustments/') },
  { route: 'POST /rest/scans/:id/component-adjustments/', allow: CHANGE, request: (f) => ({ ...scan('component-adjustments/')(f), payload: { from_uid: LODASH_UID, to_uid: LODASH_UID, hashes: [LODASH_FILE_SHA1] } }) },
  { route: 'DELETE /rest/scans/:id/component-adjustments/:moveId/', allow: CHANGE, request: async (f) => scan(`component-adjustments/${await componentMove(f)}/`)(f) },
  // Scan control (modules/scans/control.routes.ts). The shared ready scan is renamed to its own
  // name, rescanned (409 once busy: past the guard) and aborted (409 once finished); removals
  // act on a scan of their own. The bulk forms check each id themselves (refused ids are listed).
  { route: 'PATCH /rest/scans/:id/', allow: UPLOAD, request: (f) => ({ ...scan('')(f), payload: { name: 'app.tar' } }) },
  { route: 'POST /rest/scans/:id/rescan/', allow: UPLOAD, request: scan('rescan/') },
  { route: 'POST /rest/scans/:id/abort/', allow: UPLOAD, request: scan('abort/') },
  { route: 'POST /api/product/:id/rescan', allow: UPLOAD, request: (f) => ({ url: `/api/product/${f.scanId}/rescan` }) },
  { route: 'POST /api/product/:id/abort', allow: UPLOAD, request: (f) => ({ url: `/api/product/${f.scanId}/abort` }) },
  { route: 'DELETE /rest/scans/:id/', allow: CHANGE, request: async (f) => ({ url: `/rest/scans/${await f.newScan()}/` }) },
  { route: 'DELETE /rest/scans/:id/binary/', allow: CHANGE, request: async (f) => ({ url: `/rest/scans/${await f.newScan()}/binary/` }) },
  { route: 'POST /rest/scans/rescan/', allow: 'signed-in', request: (f) => ({ url: '/rest/scans/rescan/', payload: { id__in: [f.scanId] } }) },
  { route: 'POST /rest/scans/abort/', allow: 'signed-in', request: (f) => ({ url: '/rest/scans/abort/', payload: { id__in: [f.scanId] } }) },
  { route: 'POST /rest/scans/delete/', allow: 'signed-in', request: async (f) => ({ url: '/rest/scans/delete/', payload: { id__in: [await f.newScan()] } }) },
  { route: 'POST /rest/scans/delete-binary/', allow: 'signed-in', request: async (f) => ({ url: '/rest/scans/delete-binary/', payload: { id__in: [await f.newScan()] } }) },
  { route: 'GET /rest/comments/', allow: VIEW, request: (f) => ({ url: `/rest/comments/?product=${f.scanId}` }) },
  { route: 'POST /rest/comments/', allow: UPLOAD, request: (f) => ({ url: '/rest/comments/', payload: { product: f.scanId, comment: 'Looked at it.' } }) },
  // The administrator's comment: a manager of the group (or an administrator) may remove it, a member gets 403, an outsider 404.
  { route: 'DELETE /rest/comments/:id/', allow: CHANGE, request: async (f) => ({ url: `/rest/comments/${(await f.post('/rest/comments/', { product: f.scanId, comment: 'To remove.' })).id}/` }) },
  { route: 'GET /rest/infoleak/:kind/', allow: VIEW, request: (f) => ({ url: `/rest/infoleak/emails/?scan=${f.scanId}` }) },

  // VEX: downloads of the triages an application, a group or the user sees; an import (without its scope field: a 400 past the guard).
  { route: 'GET /rest/scans/:id/vex/', allow: VIEW, request: scan('vex/?format=openvex') },
  { route: 'GET /rest/groups/:id/vex/', allow: VIEW, request: (f) => group(f, 'vex/?format=cyclonedx') },
  { route: 'GET /rest/vex/', allow: 'signed-in', request: () => ({ url: '/rest/vex/?format=openvex' }) },
  { route: 'POST /rest/vex/', allow: TRIAGE, request: () => ({ url: '/rest/vex/', file: file('vex.json', Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.6","vulnerabilities":[]}')) }) },

  { route: 'GET /rest/vulnerabilities/:id/', allow: 'signed-in', request: (f) => ({ url: `/rest/vulnerabilities/${f.vulnerabilityId}/` }) },
  { route: 'GET /rest/vulnerabilities/:id/affected_components/', allow: 'signed-in', request: (f) => ({ url: `/rest/vulnerabilities/${f.vulnerabilityId}/affected_components/` }) },
  { route: 'GET /rest/components/', allow: 'signed-in' },
  { route: 'GET /rest/components/tags/', allow: 'signed-in' },
  { route: 'GET /rest/components/:id/', allow: 'signed-in', request: () => ({ url: '/rest/components/zlib/' }) },
  { route: 'GET /rest/components/:id/vulnerabilities/', allow: 'signed-in', request: () => ({ url: '/rest/components/zlib/vulnerabilities/' }) },
  // No Coverity data: every signed-in caller gets the handler's 404 for an entry that exists.
  { route: 'GET /rest/components/:id/coverity_scan/', allow: 'signed-in', request: () => ({ url: '/rest/components/zlib/coverity_scan/' }) },
  { route: 'GET /rest/epss/', allow: 'signed-in', request: () => ({ url: '/rest/epss/?cve__in=CVE-2021-23337' }) },
  { route: 'GET /rest/distro-cvss/', allow: 'signed-in', request: () => ({ url: '/rest/distro-cvss/?cve__in=CVE-2021-23337' }) },
  { route: 'GET /rest/knowledge-base/', allow: 'signed-in' },
  { route: 'POST /rest/knowledge-base/sync/', allow: ADMIN },
  // Not a bundle: an allowed caller gets 400 from the check and the data stays as it was.
  {
    route: 'POST /rest/knowledge-base/bundles/',
    allow: ADMIN,
    request: () => ({ url: '/rest/knowledge-base/bundles/', file: file('kb.tar', Buffer.from('not a bundle')) }),
  },

  { route: 'GET /rest/messages/', allow: 'signed-in' },
  { route: 'POST /rest/messages/', allow: ADMIN, request: (f) => ({ url: '/rest/messages/', payload: { text: `Message ${f.unique()}` } }) },
  { route: 'PATCH /rest/messages/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/messages/${(await f.post('/rest/messages/', { text: 'm' })).id}/`, payload: { level: 'warning' } }) },
  { route: 'DELETE /rest/messages/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/messages/${(await f.post('/rest/messages/', { text: 'm' })).id}/` }) },
  { route: 'GET /rest/system-status/', allow: 'signed-in' },
  { route: 'POST /rest/system-status/', allow: ADMIN, request: (f) => ({ url: '/rest/system-status/', payload: { text: `Status ${f.unique()}` } }) },
  {
    route: 'DELETE /rest/system-status/:id/',
    allow: ADMIN,
    request: async (f) => ({ url: `/rest/system-status/${(await f.post('/rest/system-status/', { text: 's' })).id}/` }),
  },
  { route: 'GET /rest/notices/', allow: 'signed-in' },
  { route: 'GET /rest/notices/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/notices/${(await f.post('/rest/notices/', { title: 't', text: 'n' })).id}/` }) },
  { route: 'POST /rest/notices/', allow: ADMIN, request: (f) => ({ url: '/rest/notices/', payload: { title: `Notice ${f.unique()}`, text: 'n' } }) },
  { route: 'DELETE /rest/notices/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/notices/${(await f.post('/rest/notices/', { title: 't', text: 'n' })).id}/` }) },
  { route: 'GET /rest/content-type/', allow: 'signed-in' },
  { route: 'GET /rest/audit-events/', allow: ADMIN },
  { route: 'GET /rest/groups/:id/events/', allow: VIEW, request: (f) => group(f, 'events/') },
  { route: 'POST /rest/groups/report/', allow: 'signed-in', request: () => ({ url: '/rest/groups/report/?q=a' }) },
  { route: 'POST /rest/scans/report/', allow: 'signed-in', request: () => ({ url: '/rest/scans/report/?q=a&id__in=1,2' }) },
  // Reports made in the background are their owner's alone: another caller's 404 comes from the handler.
  { route: 'POST /rest/reports/', allow: 'signed-in', request: (f) => ({ url: '/rest/reports/', payload: { kind: 'scan', format: 'csv-components', scan: f.scanId } }) },
  { route: 'GET /rest/reports/', allow: 'signed-in' },
  { route: 'GET /rest/reports/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/reports/${await backgroundReport(f)}/` }) },
  { route: 'GET /rest/reports/:id/download/', allow: 'signed-in', request: async (f) => ({ url: `/rest/reports/${await backgroundReport(f)}/download/` }) },
  { route: 'DELETE /rest/reports/:id/', allow: 'signed-in', request: async (f) => ({ url: `/rest/reports/${await backgroundReport(f)}/` }) },
  { route: 'GET /rest/license-usage/', allow: ADMIN },

  { route: 'GET /api/key', allow: 'signed-in' },
  { route: 'POST /api/key', allow: 'signed-in', noKeys: true, request: () => ({ url: '/api/key/', payload: { validity: 3600 } }) },
  // The public triage and version override (modules/public-api): an account-wide triage of the
  // fixture scan's lodash, and a global override to its own version (changing nothing later rows read).
  { route: 'GET /api/triage/vulnerability', allow: 'signed-in', request: () => ({ url: '/api/triage/vulnerability/?component=lodash' }) },
  {
    route: 'PUT /api/triage/vulnerability',
    allow: TRIAGE,
    request: (f) => ({
      url: '/api/triage/vulnerability/',
      payload: { component: 'lodash', version: '4.17.20', vulns: ['CVE-2021-23337'], scope: 'CA', reason: 'NA', description: `Matrix ${f.unique()}`, product_id: f.scanId },
    }),
  },
  {
    route: 'PUT /api/versionoverride',
    allow: ADMIN,
    request: (f) => ({ url: '/api/versionoverride/', payload: [{ component: 'lodash', version: '4.17.20', objects: [LODASH_FILE_SHA1], scope: 3, app_scope: f.scanId }] }),
  },
  { route: 'GET /api/licenses', allow: 'signed-in' },
  { route: 'GET /api/components', allow: 'signed-in', request: () => ({ url: '/api/components?limit=1' }) },
  { route: 'GET /api/tags', allow: 'signed-in' },
  { route: 'GET /api/vulnerabilities', allow: 'signed-in', request: () => ({ url: '/api/vulnerabilities/?limit=1' }) },
  // The public API's upload and fetch name their group in the Group header, which the service resolves (its own tests cover 403/404 there): any signed-in caller gets past the guard.
  { route: 'PUT /api/upload/:filename', allow: 'signed-in', request: () => ({ url: '/api/upload/matrix.bin' }) },
  { route: 'POST /api/fetch', allow: 'signed-in' },
  { route: 'GET /api/apps', allow: 'signed-in', request: () => ({ url: '/api/apps/?limit=1' }) },
  { route: 'GET /api/apps/:group_id', allow: VIEW, request: (f) => ({ url: `/api/apps/${f.groupId}/?limit=1` }) },
  { route: 'GET /api/groups', allow: 'signed-in' },
  { route: 'POST /api/groups', allow: 'signed-in' },
  { route: 'GET /api/groups/:id', allow: VIEW, request: (f) => ({ url: `/api/groups/${f.groupId}` }) },
  // The fixture group holds the fixture scan: an allowed caller gets 409 and the group stays.
  { route: 'DELETE /api/groups/:id', allow: CHANGE, request: (f) => ({ url: `/api/groups/${f.groupId}` }) },
  { route: 'GET /api/groups/:id/statistics', allow: VIEW, request: (f) => ({ url: `/api/groups/${f.groupId}/statistics` }) },
  { route: 'GET /api/status', allow: 'signed-in' },
  { route: 'GET /api/service/version', allow: 'signed-in' },
  { route: 'GET /api/service/info', allow: 'signed-in' },
  { route: 'GET /api/tasks', allow: 'signed-in', request: () => ({ url: '/api/tasks/?limit=1' }) },
  { route: 'GET /api/audit-trail', allow: ADMIN, request: () => ({ url: '/api/audit-trail/?limit=1' }) },
  { route: 'GET /rest/api-key-networks/', allow: ADMIN },
  { route: 'POST /rest/api-key-networks/', allow: ADMIN, request: (f) => ({ url: '/rest/api-key-networks/', payload: { network: f.network() } }) },
  {
    route: 'DELETE /rest/api-key-networks/:id/',
    allow: ADMIN,
    request: async (f) => ({ url: `/rest/api-key-networks/${(await f.post('/rest/api-key-networks/', { network: f.network() })).id}/` }),
  },
  { route: 'GET /rest/outbound-networks/', allow: ADMIN },
  { route: 'POST /rest/outbound-networks/', allow: ADMIN, request: (f) => ({ url: '/rest/outbound-networks/', payload: { network: f.network() } }) },
  {
    route: 'DELETE /rest/outbound-networks/:id/',
    allow: ADMIN,
    request: async (f) => ({ url: `/rest/outbound-networks/${(await f.post('/rest/outbound-networks/', { network: f.network() })).id}/` }),
  },
  // No fetch worker runs in the matrix: the download is only queued, nothing connects.
  {
    route: 'POST /rest/scans/fetch/',
    allow: UPLOAD,
    request: (f) => ({ url: '/rest/scans/fetch/', payload: { external_reference: 'https://downloads.example.com/fw.bin', group: f.groupId } }),
  },
  { route: 'GET /rest/groups/:id/webhook/', allow: CHANGE, request: (f) => group(f, 'webhook/') },
  { route: 'PUT /rest/groups/:id/webhook/', allow: CHANGE, request: (f) => ({ ...group(f, 'webhook/'), payload: { url: 'https://hooks.example.com/binlens' } }) },
  { route: 'DELETE /rest/groups/:id/webhook/', allow: CHANGE, request: (f) => group(f, 'webhook/') },
  { route: 'POST /rest/api-keys/invalidate/', allow: 'signed-in', spends: 'key' },
  { route: 'POST /rest/auth/logout/', allow: 'signed-in', spends: 'session' },
  { route: 'GET /rest/otps/', allow: 'signed-in', noKeys: true },
  // Enrols an unconfirmed device: the caller's sign-in stays as it was.
  { route: 'POST /rest/otps/', allow: 'signed-in', noKeys: true },
  // No device waits for this code: a 400, past the guard.
  { route: 'POST /rest/otps/confirm/', allow: 'signed-in', noKeys: true, request: () => ({ url: '/rest/otps/confirm/', payload: { code: '000000' } }) },
  // Two-factor sign-in is off for every caller: a 400, past the guard.
  { route: 'DELETE /rest/otps/', allow: 'signed-in', noKeys: true, request: () => ({ url: '/rest/otps/', payload: { password: 'x' } }) },

  { route: 'GET /rest/settings/company/', allow: 'signed-in' },
  { route: 'PATCH /rest/settings/company/', allow: ADMIN, request: () => ({ url: '/rest/settings/company/', payload: { triage_description_mandatory: false } }) },
  { route: 'GET /rest/settings/company/bom/', allow: ADMIN },
  { route: 'PATCH /rest/settings/company/bom/', allow: ADMIN, request: () => ({ url: '/rest/settings/company/bom/', payload: { sbom_format: 'cyclonedx' } }) },
  { route: 'GET /rest/settings/company/scan/', allow: ADMIN },
  { route: 'PATCH /rest/settings/company/scan/', allow: ADMIN, request: () => ({ url: '/rest/settings/company/scan/', payload: { historical: false } }) },
  { route: 'GET /rest/settings/company/data-retention/', allow: ADMIN },
  {
    route: 'PATCH /rest/settings/company/data-retention/',
    allow: ADMIN,
    request: () => ({ url: '/rest/settings/company/data-retention/', payload: { delete_results_after_days: null } }),
  },
  { route: 'GET /rest/settings/company/user/', allow: ADMIN },
  { route: 'PATCH /rest/settings/company/user/', allow: ADMIN, request: () => ({ url: '/rest/settings/company/user/', payload: { container_default_view: 'list' } }) },
  { route: 'GET /rest/settings/company/authentication/', allow: ADMIN },
  {
    route: 'PATCH /rest/settings/company/authentication/',
    allow: ADMIN,
    request: () => ({ url: '/rest/settings/company/authentication/', payload: { min_password_length: 12 } }),
  },
  { route: 'GET /rest/settings/company/licenses/', allow: ADMIN },
  {
    route: 'POST /rest/settings/company/licenses/',
    allow: ADMIN,
    request: (f) => ({ url: '/rest/settings/company/licenses/', payload: { license_name: `LicenseRef-matrix-${f.unique()}`, policy: 'PE' } }),
  },
  {
    route: 'PATCH /rest/settings/company/licenses/:id/',
    allow: ADMIN,
    request: async (f) => ({ url: `/rest/settings/company/licenses/${await licensePolicy(f)}/`, payload: { policy: 'PE' } }),
  },
  { route: 'DELETE /rest/settings/company/licenses/:id/', allow: ADMIN, request: async (f) => ({ url: `/rest/settings/company/licenses/${await licensePolicy(f)}/` }) },

  { route: 'GET /rest/regular-expressions/', allow: PATTERNS },
  { route: 'POST /rest/regular-expressions/', allow: PATTERNS, request: (f) => ({ url: '/rest/regular-expressions/', payload: { name: `Pattern ${f.unique()}`, pattern: 'matrix-pattern-[0-9]+' } }) },
  { route: 'GET /rest/regular-expressions/:id/', allow: PATTERNS, request: async (f) => ({ url: `/rest/regular-expressions/${await customPattern(f)}/` }) },
  { route: 'PATCH /rest/regular-expressions/:id/', allow: PATTERNS, request: async (f) => ({ url: `/rest/regular-expressions/${await customPattern(f)}/`, payload: { enabled: false } }) },
  { route: 'DELETE /rest/regular-expressions/:id/', allow: PATTERNS, request: async (f) => ({ url: `/rest/regular-expressions/${await customPattern(f)}/` }) },

  { route: 'GET /rest/settings/sso/', allow: ADMIN },
  { route: 'PATCH /rest/settings/sso/', allow: ADMIN, request: (f) => ({ url: '/rest/settings/sso/', payload: { button_label: `SSO ${f.unique()}` } }) },
  { route: 'GET /rest/sso/', allow: 'anyone' },
  { route: 'GET /rest/sso/metadata/', allow: 'anyone' },
  // Redirects to the IdP, or with single sign-on off to /login?sso_error=disabled.
  { route: 'GET /rest/sso/login/', allow: 'anyone' },
  // An unknown token redirects to /login?sso_error=unknown_request, whoever follows it.
  { route: 'GET /rest/sso/finish/', allow: 'anyone', request: () => ({ url: '/rest/sso/finish/?token=unknown' }) },
  // A response that is no SAML redirects to /login?sso_error=invalid_response, whoever posts it.
  { route: 'POST /rest/sso/acs/', allow: 'anyone', request: () => ({ url: '/rest/sso/acs/', payload: { SAMLResponse: Buffer.from('<x/>').toString('base64') } }) },
];
