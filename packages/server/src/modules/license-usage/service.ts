import { type LicensePolicy, type LicensePolicyOverrides, licensePolicy } from '@binlens/engine';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import type { LicenseUsageRepository } from './repository.ts';
import type { LicenseUsageQuery, LicenseUsageReport } from './schemas.ts';

/** Licences across the account's ready scans (the account page's licence-usage tab), or one group's (its settings' licences tab). */
export interface LicenseUsageService {
  report(viewer: Viewer, query?: LicenseUsageQuery, signal?: AbortSignal): Promise<LicenseUsageReport>;
}

export interface LicenseUsageDeps {
  usage: LicenseUsageRepository;
  access: ScopeResolver;
  /** The company's licence overrides, SPDX id → class (modules/settings). */
  policyOverrides: () => Promise<Record<string, string>>;
}

/**
 * A licence's policy class as every licence report gives it: the company's overrides applied
 * (SPDX id → class, modules/settings); null when no class is known.
 */
export function licensePolicyClass(license: string, overrides: LicensePolicyOverrides): LicensePolicy | null {
  return licensePolicy(license, { overrides });
}

/** Scans read per query: a core is up to a few hundred components. */
const BATCH = 50;

export function createLicenseUsageService(deps: LicenseUsageDeps): LicenseUsageService {
  return {
    async report(viewer, query = {}, signal) {
      if (query.group !== undefined && !(await deps.access.resolve(viewer, { group: query.group }))) throw new AppError('not_found');
      const overrides = await deps.policyOverrides();
      const byLicense = new Map<string, { scans: Set<number>; components: number }>();
      let scanCount = 0;
      let after = 0;
      for (;;) {
        signal?.throwIfAborted();
        const batch = await deps.usage.readyScans(after, BATCH, query.group);
        for (const scan of batch) {
          scanCount += 1;
          for (const component of scan.components) {
            for (const license of new Set(component.licenses)) {
              const entry = byLicense.get(license) ?? { scans: new Set<number>(), components: 0 };
              entry.scans.add(scan.scanId);
              entry.components += 1;
              byLicense.set(license, entry);
            }
          }
        }
        if (batch.length < BATCH) break;
        after = batch[batch.length - 1]?.scanId ?? after;
      }
      const licenses = [...byLicense]
        .map(([license, entry]) => ({ license, scans: entry.scans.size, components: entry.components, policy: licensePolicyClass(license, overrides) }))
        .sort((a, b) => b.scans - a.scans || b.components - a.components || a.license.localeCompare(b.license));
      return { scans: scanCount, licenses };
    },
  };
}
