import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LicenseOverrideRow, licenseOverrides } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { escapeLike } from '../../db/like.ts';
import { type OverrideScope, overrideVisibleWhere } from '../component-adjustments/override-scope.ts';
import type { Viewer } from '../users/viewer.ts';

export type NewLicenseOverride = Omit<typeof licenseOverrides.$inferInsert, 'id' | 'createdAt'>;
export type LicenseOverridePatch = Partial<Pick<NewLicenseOverride, 'componentVersion' | 'licenseName' | 'scope' | 'groupScope' | 'resultScope'>>;

export interface LicenseOverrideFilter {
  ids?: readonly number[];
  componentName?: string;
  componentVersion?: string;
  scope?: OverrideScope;
}

export interface LicenseOverridesRepository {
  /** Newest first. */
  list(viewer: Viewer, filter: LicenseOverrideFilter, page: PageRequest): Promise<{ rows: LicenseOverrideRow[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<LicenseOverrideRow | undefined>;
  create(row: NewLicenseOverride): Promise<LicenseOverrideRow>;
  update(id: number, patch: LicenseOverridePatch): Promise<LicenseOverrideRow | undefined>;
  remove(id: number): Promise<LicenseOverrideRow | undefined>;
}

export function createLicenseOverridesRepository(db: Db): LicenseOverridesRepository {
  const where = (viewer: Viewer, filter: LicenseOverrideFilter): SQL | undefined => and(
    overrideVisibleWhere(db, viewer, licenseOverrides),
    filter.ids ? inArray(licenseOverrides.id, [...filter.ids]) : undefined,
    filter.componentName ? ilike(licenseOverrides.componentName, escapeLike(filter.componentName)) : undefined,
    filter.componentVersion ? eq(licenseOverrides.componentVersion, filter.componentVersion) : undefined,
    filter.scope ? eq(licenseOverrides.scope, filter.scope) : undefined,
  );
  return {
    async list(viewer, filter, page) {
      if (filter.ids?.length === 0) return { rows: [], count: 0 };
      const condition = where(viewer, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(licenseOverrides).where(condition).orderBy(desc(licenseOverrides.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(licenseOverrides).where(condition),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async findVisible(viewer, id) {
      const [row] = await db.select().from(licenseOverrides).where(and(eq(licenseOverrides.id, id), overrideVisibleWhere(db, viewer, licenseOverrides)));
      return row;
    },
    async create(row) {
      const [made] = await db.insert(licenseOverrides).values(row).returning();
      if (!made) throw new Error('the licence override was not stored');
      return made;
    },
    async update(id, patch) {
      const [row] = await db.update(licenseOverrides).set(patch).where(eq(licenseOverrides.id, id)).returning();
      return row;
    },
    async remove(id) {
      const [removed] = await db.delete(licenseOverrides).where(eq(licenseOverrides.id, id)).returning();
      return removed;
    },
  };
}
