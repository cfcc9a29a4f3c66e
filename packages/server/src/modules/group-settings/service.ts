import type { CompanySettingsRow } from '../../db/schema/index.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import { type GroupSettingsPage, type GroupSettingsPages, groupPageChanges, groupPageFields } from './pages.ts';
import type { GroupSettingsRepository } from './repository.ts';

/** Retention periods in days; null keeps forever. */
export interface GroupRetentionPeriods {
  binaryDays: number | null;
  resultDays: number | null;
}

/**
 * A group's overrides of the company's scan, data-retention and BOM settings (docs/settings.md
 * "Group settings"). The guard has resolved the group and checked the permission; a change is
 * audited at level 2 like other group changes, and a PATCH equal to what is stored writes nothing.
 */
export interface GroupSettingsService {
  read<P extends GroupSettingsPage>(groupId: number, page: P): Promise<GroupSettingsPages[P]['read']>;
  update<P extends GroupSettingsPage>(viewer: Viewer, groupId: number, page: P, body: GroupSettingsPages[P]['update']): Promise<GroupSettingsPages[P]['read']>;
  /** For uploads: the group's reuse_existing_scan, else the company's. */
  reuseExistingScan(groupId: number): Promise<boolean>;
  /** For the retention sweep: the company's periods and, for each group overriding one, the periods in force there. */
  retentionPeriods(): Promise<{ company: GroupRetentionPeriods; groups: Map<number, GroupRetentionPeriods> }>;
}

export interface GroupSettingsServiceDeps {
  groupSettings: GroupSettingsRepository;
  /** The company's settings row (modules/settings). */
  company: () => Promise<CompanySettingsRow>;
  change: AuditedChange<{ groupSettings: GroupSettingsRepository }>;
}

export function createGroupSettingsService(deps: GroupSettingsServiceDeps): GroupSettingsService {
  return {
    async read(groupId, page) {
      const [company, group] = await Promise.all([deps.company(), deps.groupSettings.get(groupId)]);
      return groupPageFields(page, company, group) as GroupSettingsPages[typeof page]['read'];
    },
    async update(viewer, groupId, page, body) {
      const current = await deps.groupSettings.get(groupId);
      const { patch, changes } = groupPageChanges(page, current, body);
      if (Object.keys(changes).length === 0) return this.read(groupId, page);
      const changed = await deps.change(
        (tx) => tx.groupSettings.upsert(groupId, patch),
        () => ({ actorId: viewer.userId, action: 'group.settings.update', object: `group:${groupId}`, level: 2, details: { page, changes } }),
      );
      return groupPageFields(page, await deps.company(), changed) as GroupSettingsPages[typeof page]['read'];
    },
    async reuseExistingScan(groupId) {
      const [company, group] = await Promise.all([deps.company(), deps.groupSettings.get(groupId)]);
      return group?.reuseExistingScan ?? company.reuseExistingScan;
    },
    async retentionPeriods() {
      const [company, overrides] = await Promise.all([deps.company(), deps.groupSettings.retentionOverrides()]);
      const periods = { binaryDays: company.deleteBinariesAfterDays, resultDays: company.deleteResultsAfterDays };
      return {
        company: periods,
        groups: new Map(overrides.map((row) => [row.groupId, { binaryDays: row.binaryDays ?? periods.binaryDays, resultDays: row.resultDays ?? periods.resultDays }])),
      };
    },
  };
}
