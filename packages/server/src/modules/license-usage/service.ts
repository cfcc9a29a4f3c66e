import type { LicenseUsageRepository } from './repository.ts';
import type { LicenseUsageReport } from './schemas.ts';

/** Licences across the account's ready scans (the account page's licence-usage tab). */
export interface LicenseUsageService {
  report(signal?: AbortSignal): Promise<LicenseUsageReport>;
}

/** Scans read per query: a core is up to a few hundred components. */
const BATCH = 50;

export function createLicenseUsageService(deps: { usage: LicenseUsageRepository }): LicenseUsageService {
  return {
    async report(signal) {
      const byLicense = new Map<string, { scans: Set<number>; components: number }>();
      let scanCount = 0;
      let after = 0;
      for (;;) {
        signal?.throwIfAborted();
        const batch = await deps.usage.readyScans(after, BATCH);
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
        .map(([license, entry]) => ({ license, scans: entry.scans.size, components: entry.components }))
        .sort((a, b) => b.scans - a.scans || b.components - a.components || a.license.localeCompare(b.license));
      return { scans: scanCount, licenses };
    },
  };
}
