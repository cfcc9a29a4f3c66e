import { eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GroupSettingsRow, groupSettings } from '../../db/schema/index.ts';
import type { GroupSettingsPatch } from './pages.ts';

/** The groups' overrides of the company's settings: at most one row per group. */
export interface GroupSettingsRepository {
  /** Undefined when the group has never overridden anything. */
  get(groupId: number): Promise<GroupSettingsRow | undefined>;
  upsert(groupId: number, patch: GroupSettingsPatch): Promise<GroupSettingsRow>;
  /** Every group that overrides a retention period. */
  retentionOverrides(): Promise<{ groupId: number; binaryDays: number | null; resultDays: number | null }[]>;
}

export function createGroupSettingsRepository(db: Db): GroupSettingsRepository {
  return {
    async get(groupId) {
      const [row] = await db.select().from(groupSettings).where(eq(groupSettings.groupId, groupId));
      return row;
    },
    async upsert(groupId, patch) {
      const set = { ...patch, updatedAt: new Date() };
      const [row] = await db.insert(groupSettings).values({ groupId, ...set }).onConflictDoUpdate({ target: groupSettings.groupId, set }).returning();
      if (!row) throw new Error(`group_settings upsert of group ${groupId} returned no row`);
      return row;
    },
    async retentionOverrides() {
      return db
        .select({ groupId: groupSettings.groupId, binaryDays: groupSettings.deleteBinariesAfterDays, resultDays: groupSettings.deleteResultsAfterDays })
        .from(groupSettings)
        .where(or(isNotNull(groupSettings.deleteBinariesAfterDays), isNotNull(groupSettings.deleteResultsAfterDays)));
    },
  };
}
