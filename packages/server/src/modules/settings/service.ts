import { licensePolicy } from '@binlens/engine';
import type { CompanySettingsRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { sessionLimitsOf } from '../auth/session-limits.ts';
import type { Viewer } from '../users/viewer.ts';
import { pageChanges, pageFields, type SettingsPage, type SettingsPages } from './pages.ts';
import type { CompanySettingsRepository, LicensePoliciesRepository, LicensePolicyRecord } from './repository.ts';
import type { LicensePolicyOverride, LicensePolicyOverrideCreate, LicensePolicyOverrideListQuery } from './schemas.ts';

/**
 * The company's settings (spec §3, docs/settings.md) and its licence policy overrides.
 * The guard has checked the permission; every change is audited at level 4 (it acts on the
 * whole account), and a PATCH equal to what is stored writes nothing.
 */
export interface SettingsService {
  read<P extends SettingsPage>(page: P): Promise<SettingsPages[P]['read']>;
  update<P extends SettingsPage>(viewer: Viewer, page: P, body: SettingsPages[P]['update']): Promise<SettingsPages[P]['read']>;
  listLicensePolicies(query: LicensePolicyOverrideListQuery, page: PageRequest): Promise<Page<LicensePolicyOverride>>;
  createLicensePolicy(viewer: Viewer, body: LicensePolicyOverrideCreate): Promise<LicensePolicyOverride>;
  updateLicensePolicy(viewer: Viewer, id: number, policy: LicensePolicyOverride['policy']): Promise<LicensePolicyOverride>;
  removeLicensePolicy(viewer: Viewer, id: number): Promise<void>;
  /** For sign-in: how long a session lives unused (null: no limit) and at all. */
  sessionLimits(): Promise<{ idleMs: number | null; absoluteMs: number }>;
  /** For setting passwords: the shortest one accepted. */
  passwordMinLength(): Promise<number>;
  /** For creating users: their display settings until they change them. */
  newUserDefaults(): Promise<{ displayLocalTime: boolean; containerDefaultView: string }>;
  /** For uploads: the company's limit, never above the server's cap. */
  maxUploadBytes(): Promise<number>;
  /** For reports: SPDX id → class, the engine's `licensePolicy` overrides. */
  licensePolicyOverrides(): Promise<Record<string, string>>;
}

export interface SettingsServiceDeps {
  settings: CompanySettingsRepository;
  licensePolicies: LicensePoliciesRepository;
  /** The server's configured upload cap (BINLENS_MAX_UPLOAD_BYTES). */
  serverMaxUploadBytes: number;
  change: AuditedChange<{ settings: CompanySettingsRepository; licensePolicies: LicensePoliciesRepository }>;
}

/** An SPDX id or LicenseRef: "MPL-2.0", "GPL-2.0+", "LicenseRef-vendor.eula"; not "MIT OR X" or "a/b". */
const LICENSE_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]*$/;

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const answer = <P extends SettingsPage>(page: P, row: CompanySettingsRow) =>
    (page === 'scan' ? { ...pageFields(page, row), server_max_upload_bytes: deps.serverMaxUploadBytes } : pageFields(page, row)) as SettingsPages[P]['read'];
  const licenseEvent = (viewer: Viewer, action: string, details: Record<string, unknown>) =>
    ({ actorId: viewer.userId, action: `settings.license_policy.${action}`, object: 'company', level: 4 as const, details });

  return {
    async read(page) {
      return answer(page, await deps.settings.get());
    },
    async update(viewer, page, body) {
      const current = await deps.settings.get();
      const { patch, changes } = pageChanges(page, current, body);
      if (Object.keys(changes).length === 0) return answer(page, current);
      validate({ ...current, ...patch }, deps.serverMaxUploadBytes);
      const changed = await deps.change(
        (tx) => tx.settings.update(patch),
        () => ({ actorId: viewer.userId, action: 'settings.company.update', object: 'company', level: 4, details: { page, changes } }),
      );
      return answer(page, changed);
    },
    async listLicensePolicies(query, page) {
      const { rows, count } = await deps.licensePolicies.list(page, query.q?.trim() || undefined);
      return pageOf(rows.map(toOverride), count, page, '/rest/settings/company/licenses/', query);
    },
    async createLicensePolicy(viewer, body) {
      const licenseName = body.license_name.trim();
      if (!LICENSE_ID.test(licenseName)) throw new AppError('license_name_invalid');
      const created = await deps.change(
        async (tx) => {
          const row = await tx.licensePolicies.create(licenseName, body.policy);
          if (!row) throw new AppError('license_policy_taken');
          return row;
        },
        (row) => licenseEvent(viewer, 'create', { id: row.id, license_name: row.licenseName, policy: row.policy }),
      );
      return toOverride(created);
    },
    async updateLicensePolicy(viewer, id, policy) {
      const current = await deps.licensePolicies.find(id);
      if (!current) throw new AppError('not_found');
      if (current.policy === policy) return toOverride(current);
      const changed = await deps.change(
        async (tx) => {
          const row = await tx.licensePolicies.update(id, policy);
          if (!row) throw new AppError('not_found');
          return row;
        },
        (row) => licenseEvent(viewer, 'update', { id, license_name: row.licenseName, policy: [current.policy, policy] }),
      );
      return toOverride(changed);
    },
    async removeLicensePolicy(viewer, id) {
      await deps.change(
        async (tx) => {
          const row = await tx.licensePolicies.remove(id);
          if (!row) throw new AppError('not_found');
          return row;
        },
        (row) => licenseEvent(viewer, 'delete', { id, license_name: row.licenseName, policy: row.policy }),
      );
    },
    async sessionLimits() {
      return sessionLimitsOf(await deps.settings.get());
    },
    async passwordMinLength() {
      return (await deps.settings.get()).minPasswordLength;
    },
    async newUserDefaults() {
      const row = await deps.settings.get();
      return { displayLocalTime: row.newUserDisplayLocalTime, containerDefaultView: row.newUserContainerDefaultView };
    },
    async maxUploadBytes() {
      const { maxUploadBytes } = await deps.settings.get();
      return Math.min(maxUploadBytes ?? deps.serverMaxUploadBytes, deps.serverMaxUploadBytes);
    },
    async licensePolicyOverrides() {
      return Object.fromEntries((await deps.licensePolicies.all()).map((row) => [row.licenseName, row.policy]));
    },
  };
}

/** Rules across fields, checked on the settings as they would be after the change. */
function validate(next: CompanySettingsRow, serverMaxUploadBytes: number): void {
  if (next.maxUploadBytes !== null && next.maxUploadBytes > serverMaxUploadBytes) {
    throw new AppError('settings_upload_above_cap', `Ensure this value is less than or equal to ${serverMaxUploadBytes} (the server's upload cap).`);
  }
  if (next.sessionIdleTimeoutMinutes !== null && next.sessionIdleTimeoutMinutes > next.sessionAbsoluteTimeoutHours * 60) {
    throw new AppError('settings_idle_above_absolute');
  }
}

function toOverride(row: LicensePolicyRecord): LicensePolicyOverride {
  return {
    id: row.id,
    license_name: row.licenseName,
    policy: row.policy as LicensePolicyOverride['policy'],
    default_policy: licensePolicy(row.licenseName),
  };
}
