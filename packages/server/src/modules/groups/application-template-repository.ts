import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupApplicationTemplate, scanCustomData } from '../../db/schema/index.ts';

export interface TemplateEntry {
  key: string;
  value: string;
}

/** The application templates of groups (spec §3); callers have checked the viewer may see the group. */
export interface ApplicationTemplateRepository {
  /** Each group's template ordered by key; a group without one maps to []. */
  ofGroups(groupIds: number[]): Promise<Map<number, TemplateEntry[]>>;
  /** Replaces the group's template with `entries` (keys already normalised and unique). */
  replace(groupId: number, entries: TemplateEntry[]): Promise<void>;
}

/** Code-point order of keys, the same on every database whatever its collation. */
export const byKey = (a: TemplateEntry, b: TemplateEntry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function createApplicationTemplateRepository(db: Db): ApplicationTemplateRepository {
  return {
    async ofGroups(groupIds) {
      const templates = new Map<number, TemplateEntry[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0) return templates;
      const rows = await db
        .select({ groupId: groupApplicationTemplate.groupId, key: groupApplicationTemplate.key, value: groupApplicationTemplate.value })
        .from(groupApplicationTemplate)
        .where(inArray(groupApplicationTemplate.groupId, groupIds))
        .orderBy(asc(groupApplicationTemplate.groupId));
      for (const { groupId, key, value } of rows) templates.get(groupId)?.push({ key, value });
      for (const template of templates.values()) template.sort(byKey);
      return templates;
    },
    async replace(groupId, entries) {
      await db.delete(groupApplicationTemplate).where(eq(groupApplicationTemplate.groupId, groupId));
      if (entries.length > 0) await db.insert(groupApplicationTemplate).values(entries.map((entry) => ({ groupId, ...entry })));
    },
  };
}

/** Gives a new scan its group's template as custom data; runs in the transaction that created the scan. */
export async function applyApplicationTemplate(db: Db, groupId: number, scanId: number): Promise<void> {
  await db.execute(sql`
    insert into ${scanCustomData} (scan_id, key, value)
    select ${scanId}::integer, ${groupApplicationTemplate.key}, ${groupApplicationTemplate.value}
    from ${groupApplicationTemplate}
    where ${groupApplicationTemplate.groupId} = ${groupId}`);
}
