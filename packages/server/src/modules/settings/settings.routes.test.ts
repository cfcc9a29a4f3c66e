import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const DEFAULTS = {
  triage_enabled: true,
  triage_description_mandatory: false,
  enable_global_version_override: true,
  enable_group_version_override: true,
  enable_product_version_override: true,
  membership_inheritance_enabled: true,
  default_cvss_version: 3,
};
const UPLOAD_CAP = 5_000_000;

describe.each(DATABASES)('company settings on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { maxUploadBytes: UPLOAD_CAP });
    admin = await newSession(t.app, t.database, ['AU']);
    user = await newSession(t.app, t.database, ['PU']);
  });
  afterAll(() => t.close());

  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/rest/settings/company/${url}`, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const events = async () => {
    const result = await t.database.db.execute(`select actor_id, action, object, level, details from audit_events where action like 'settings.%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('answers the defaults to anyone signed in, nobody else', async () => {
    const read = await call(user, 'GET', '');
    expect([read.statusCode, read.json()]).toEqual([200, DEFAULTS]);
    const anonymous = await call(null, 'GET', '');
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
  });

  it('changes only the fields sent, audits the change, and writes nothing when nothing changes', async () => {
    const before = (await events()).length;
    const changed = await call(admin, 'PATCH', '', { default_cvss_version: 4, triage_enabled: true, triage_description_mandatory: true });
    expect([changed.statusCode, changed.json()]).toEqual([200, { ...DEFAULTS, default_cvss_version: 4, triage_description_mandatory: true }]);
    expect((await events()).slice(before)).toEqual([{
      actor_id: admin.userId,
      action: 'settings.company.update',
      object: 'company',
      level: 4,
      details: { page: 'company', changes: { default_cvss_version: [3, 4], triage_description_mandatory: [false, true] } },
    }]);

    const same = await call(admin, 'PATCH', '', { default_cvss_version: 4 });
    const empty = await call(admin, 'PATCH', '', {});
    expect([same.statusCode, empty.statusCode]).toEqual([200, 200]);
    expect(empty.json()).toEqual({ ...DEFAULTS, default_cvss_version: 4, triage_description_mandatory: true });
    expect((await events()).length).toBe(before + 1);

    const reread = await call(user, 'GET', '');
    expect(reread.json()).toEqual({ ...DEFAULTS, default_cvss_version: 4, triage_description_mandatory: true });
    await call(admin, 'PATCH', '', { default_cvss_version: 3, triage_description_mandatory: false });
  });

  it('answers 400 with field errors, 403 to a user without change_companyaccount', async () => {
    const invalid = await call(admin, 'PATCH', '', { default_cvss_version: 5, triage_enabled: 'yes' });
    expect([invalid.statusCode, invalid.json()]).toEqual([400, { default_cvss_version: ['Select a valid choice.'], triage_enabled: ['Must be a valid boolean.'] }]);
    const forbidden = await call(user, 'PATCH', '', { triage_enabled: false });
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    const page = await call(user, 'GET', 'scan/');
    expect(page.statusCode).toBe(403);
    expect((await call(admin, 'GET', '')).json()).toEqual(DEFAULTS);
  });

  it('reads and changes each account-settings page', async () => {
    expect((await call(admin, 'GET', 'bom/')).json()).toEqual({ sbom_format: 'cyclonedx', include_vulnerabilities: false });
    expect((await call(admin, 'GET', 'scan/')).json()).toEqual({
      max_upload_bytes: null,
      server_max_upload_bytes: UPLOAD_CAP,
      reuse_existing_scan: false,
      low_risk_tolerance: false,
      historical: false,
      cvss3_fallback: true,
      assume_unknown_version_latest: false,
      include_bdsa_vulnerabilities: false,
      prioritise_nvd: false,
    });
    expect((await call(admin, 'GET', 'data-retention/')).json()).toEqual({ delete_binaries_after_days: null, delete_results_after_days: null });
    expect((await call(admin, 'GET', 'user/')).json()).toEqual({ display_local_time: false, container_default_view: 'list' });
    expect((await call(admin, 'GET', 'authentication/')).json()).toEqual({ session_idle_timeout_minutes: null, session_absolute_timeout_hours: 336, min_password_length: 12 });

    const bom = await call(admin, 'PATCH', 'bom/', { sbom_format: 'spdx' });
    expect([bom.statusCode, bom.json()]).toEqual([200, { sbom_format: 'spdx', include_vulnerabilities: false }]);
    const scan = await call(admin, 'PATCH', 'scan/', { max_upload_bytes: 1_000_000, historical: true });
    expect(scan.json()).toMatchObject({ max_upload_bytes: 1_000_000, historical: true, server_max_upload_bytes: UPLOAD_CAP });
    const retention = await call(admin, 'PATCH', 'data-retention/', { delete_binaries_after_days: 30 });
    expect(retention.json()).toEqual({ delete_binaries_after_days: 30, delete_results_after_days: null });
    const users = await call(admin, 'PATCH', 'user/', { container_default_view: 'tree' });
    expect(users.json()).toEqual({ display_local_time: false, container_default_view: 'tree' });
    const auth = await call(admin, 'PATCH', 'authentication/', { session_idle_timeout_minutes: 30, session_absolute_timeout_hours: 8 });
    expect(auth.json()).toEqual({ session_idle_timeout_minutes: 30, session_absolute_timeout_hours: 8, min_password_length: 12 });
    expect(await t.composition.services.settings.sessionLimits()).toEqual({ idleMs: 1_800_000, absoluteMs: 28_800_000 });
    expect(await t.composition.services.settings.maxUploadBytes()).toBe(1_000_000);

    const pages = (await events()).slice(-5).map((event) => (event as { details: unknown }).details);
    expect(pages).toEqual([
      { page: 'bom', changes: { sbom_format: ['cyclonedx', 'spdx'] } },
      { page: 'scan', changes: { max_upload_bytes: [null, 1_000_000], historical: [false, true] } },
      { page: 'data-retention', changes: { delete_binaries_after_days: [null, 30] } },
      { page: 'user', changes: { container_default_view: ['list', 'tree'] } },
      { page: 'authentication', changes: { session_idle_timeout_minutes: [null, 30], session_absolute_timeout_hours: [336, 8] } },
    ]);
  });

  it('refuses values out of range with the field named', async () => {
    const cases: [string, object, object][] = [
      ['scan/', { max_upload_bytes: UPLOAD_CAP + 1 }, { max_upload_bytes: [`Ensure this value is less than or equal to ${UPLOAD_CAP} (the server's upload cap).`] }],
      ['authentication/', { session_idle_timeout_minutes: 481, session_absolute_timeout_hours: 8 }, { session_idle_timeout_minutes: ['The idle timeout cannot be longer than the absolute timeout.'] }],
    ];
    for (const [url, payload, body] of cases) {
      const response = await call(admin, 'PATCH', url, payload);
      expect([response.statusCode, response.json()]).toEqual([400, body]);
    }
    for (const [url, payload, body] of [
      ['data-retention/', { delete_results_after_days: 0 }, { delete_results_after_days: ['Ensure this value is greater than or equal to 1.'] }],
      ['data-retention/', { delete_results_after_days: 2147483648 }, { delete_results_after_days: ['Ensure this value is less than or equal to 2147483647.'] }],
      ['bom/', { sbom_format: 'swid' }, { sbom_format: ['Select a valid choice.'] }],
      ['authentication/', { min_password_length: 7 }, { min_password_length: ['Ensure this value is greater than or equal to 8.'] }],
    ] as const) {
      const response = await call(admin, 'PATCH', url, payload);
      expect([response.statusCode, response.json()]).toEqual([400, body]);
    }
    expect((await call(admin, 'PATCH', 'data-retention/', { delete_results_after_days: 2147483647 })).statusCode).toBe(200);
  });

  it('lists, sets, changes and removes licence policy overrides', async () => {
    const created = await call(admin, 'POST', 'licenses/', { license_name: ' MPL-2.0 ', policy: 'PE' });
    const id = created.json<{ id: number }>().id;
    expect([created.statusCode, created.json()]).toEqual([201, { id, license_name: 'MPL-2.0', policy: 'PE', default_policy: 'RE' }]);
    const vendor = await call(admin, 'POST', 'licenses/', { license_name: 'LicenseRef-vendor-eula', policy: 'RE' });
    expect(vendor.json()).toEqual({ id: id + 1, license_name: 'LicenseRef-vendor-eula', policy: 'RE', default_policy: null });

    const taken = await call(admin, 'POST', 'licenses/', { license_name: 'mpl-2.0', policy: 'RE' });
    expect([taken.statusCode, taken.json()]).toEqual([400, { license_name: ['This licence already has a policy override.'] }]);
    const expression = await call(admin, 'POST', 'licenses/', { license_name: 'MIT OR X', policy: 'RE' });
    expect([expression.statusCode, expression.json()]).toEqual([400, { license_name: ['Enter one SPDX licence id or LicenseRef, e.g. MPL-2.0 or LicenseRef-vendor-eula.'] }]);

    const list = await call(admin, 'GET', 'licenses/?q=mpl');
    expect(list.json()).toEqual({ count: 1, results: [{ id, license_name: 'MPL-2.0', policy: 'PE', default_policy: 'RE' }], links: { next: null, previous: null } });
    const before = (await events()).length;
    expect((await call(admin, 'PATCH', `licenses/${id}/`, { policy: 'PE' })).statusCode).toBe(200);
    expect((await events()).length).toBe(before);
    const changed = await call(admin, 'PATCH', `licenses/${id}/`, { policy: 'RU' });
    expect(changed.json()).toEqual({ id, license_name: 'MPL-2.0', policy: 'RU', default_policy: 'RE' });
    expect(await t.composition.services.settings.licensePolicyOverrides()).toEqual({ 'MPL-2.0': 'RU', 'LicenseRef-vendor-eula': 'RE' });

    expect((await call(admin, 'DELETE', `licenses/${id}/`)).statusCode).toBe(204);
    const gone = await call(admin, 'DELETE', `licenses/${id}/`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await events()).slice(before).map((event) => (event as { action: string }).action)).toEqual([
      'settings.license_policy.update',
      'settings.license_policy.delete',
    ]);
    expect((await call(user, 'GET', 'licenses/')).statusCode).toBe(403);
  });
});
