import { describe, expect, it } from 'vitest';
import type { CompanySettingsRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { CompanySettingsRepository, LicensePoliciesRepository, LicensePolicyRecord } from './repository.ts';
import { createSettingsService } from './service.ts';

const viewer: Viewer = { userId: 7, email: 'admin@example.com', roles: ['AU'], permissions: ['change_companyaccount'], sessionId: 1, csrfToken: 't' };
const CAP = 1_000_000;

/** The row as migration 0010 inserts it. */
const defaults = (): CompanySettingsRow => ({
  id: 1,
  triageEnabled: true,
  triageDescriptionMandatory: false,
  enableGlobalVersionOverride: true,
  enableGroupVersionOverride: true,
  enableProductVersionOverride: true,
  membershipInheritanceEnabled: true,
  defaultCvssVersion: 3,
  sbomFormat: 'cyclonedx',
  sbomIncludeVulnerabilities: false,
  maxUploadBytes: null,
  reuseExistingScan: false,
  lowRiskTolerance: false,
  historical: false,
  cvss3Fallback: true,
  assumeUnknownVersionLatest: false,
  includeBdsaVulnerabilities: false,
  prioritiseNvd: false,
  deleteBinariesAfterDays: null,
  deleteResultsAfterDays: null,
  newUserDisplayLocalTime: false,
  newUserContainerDefaultView: 'list',
  sessionIdleTimeoutMinutes: null,
  sessionAbsoluteTimeoutHours: 336,
  minPasswordLength: 12,
  updatedAt: new Date(0),
});

function fakeService(overrides: LicensePolicyRecord[] = []) {
  let row = defaults();
  const writes: object[] = [];
  const settings: CompanySettingsRepository = {
    get: async () => row,
    update: async (patch) => {
      writes.push(patch);
      row = { ...row, ...patch };
      return row;
    },
  };
  const licensePolicies: LicensePoliciesRepository = {
    list: async () => ({ rows: overrides, count: overrides.length }),
    all: async () => overrides,
    find: async (id) => overrides.find((o) => o.id === id),
    create: async (licenseName, policy) => {
      if (overrides.some((o) => o.licenseName.toLowerCase() === licenseName.toLowerCase())) return undefined;
      const created = { id: overrides.length + 1, licenseName, policy };
      overrides.push(created);
      return created;
    },
    update: async (id, policy) => {
      const found = overrides.find((o) => o.id === id);
      if (found) found.policy = policy;
      return found;
    },
    remove: async (id) => overrides.find((o) => o.id === id),
  };
  const audit: AuditEvent[] = [];
  const service = createSettingsService({
    settings,
    licensePolicies,
    serverMaxUploadBytes: CAP,
    change: auditedChanges<{ settings: CompanySettingsRepository; licensePolicies: LicensePoliciesRepository }>((work) =>
      work({ settings, licensePolicies, audit: { record: async (e) => void audit.push(e) } })),
  });
  return { service, writes, audit };
}

const codeOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

describe('settings service', () => {
  it('writes only the fields that differ, with one audit event naming the page', async () => {
    const { service, writes, audit } = fakeService();
    const answer = await service.update(viewer, 'company', { triage_enabled: true, membership_inheritance_enabled: false });
    expect(answer.membership_inheritance_enabled).toBe(false);
    expect(writes).toEqual([{ membershipInheritanceEnabled: false }]);
    expect(audit).toEqual([{
      actorId: 7,
      action: 'settings.company.update',
      object: 'company',
      level: 4,
      details: { page: 'company', changes: { membership_inheritance_enabled: [true, false] } },
    }]);
  });

  it('writes nothing and records nothing when the body changes nothing', async () => {
    const { service, writes, audit } = fakeService();
    await service.update(viewer, 'bom', { sbom_format: 'cyclonedx' });
    await service.update(viewer, 'scan', {});
    expect([writes, audit]).toEqual([[], []]);
  });

  it('keeps the upload limit under the server cap and the idle timeout within the absolute one', async () => {
    const { service, writes } = fakeService();
    expect(await codeOf(() => service.update(viewer, 'scan', { max_upload_bytes: CAP + 1 }))).toBe('settings_upload_above_cap');
    expect(await codeOf(() => service.update(viewer, 'authentication', { session_idle_timeout_minutes: 61, session_absolute_timeout_hours: 1 }))).toBe('settings_idle_above_absolute');
    expect(writes).toEqual([]);
    expect(await service.maxUploadBytes()).toBe(CAP);
    await service.update(viewer, 'scan', { max_upload_bytes: CAP });
    expect(await service.maxUploadBytes()).toBe(CAP);
  });

  it('answers the session limits: 14 days and no idle timeout by default, then as set', async () => {
    const { service } = fakeService();
    expect(await service.sessionLimits()).toEqual({ idleMs: null, absoluteMs: 14 * 24 * 3600 * 1000 });
    await service.update(viewer, 'authentication', { session_idle_timeout_minutes: 15, session_absolute_timeout_hours: 12 });
    expect(await service.sessionLimits()).toEqual({ idleMs: 900_000, absoluteMs: 43_200_000 });
  });

  it('shows the engine class beside each override and refuses expressions and duplicates', async () => {
    const { service, audit } = fakeService([{ id: 1, licenseName: 'MIT', policy: 'RE' }]);
    expect((await service.listLicensePolicies({}, { limit: 20, offset: 0 })).results).toEqual([{ id: 1, license_name: 'MIT', policy: 'RE', default_policy: 'PE' }]);
    expect(await codeOf(() => service.createLicensePolicy(viewer, { license_name: 'mit', policy: 'PE' }))).toBe('license_policy_taken');
    expect(await codeOf(() => service.createLicensePolicy(viewer, { license_name: 'GPL-2.0 AND MIT', policy: 'PE' }))).toBe('license_name_invalid');
    expect(await service.updateLicensePolicy(viewer, 1, 'RE')).toEqual({ id: 1, license_name: 'MIT', policy: 'RE', default_policy: 'PE' });
    expect(audit).toEqual([]);
    expect(await codeOf(() => service.updateLicensePolicy(viewer, 2, 'RE'))).toBe('not_found');
  });
});
