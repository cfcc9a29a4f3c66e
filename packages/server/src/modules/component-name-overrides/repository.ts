import { and, count, desc, eq, ilike, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type ComponentNameOverrideRow, componentNameOverrides } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { escapeLike } from '../../db/like.ts';

export type NewComponentNameOverride = Omit<typeof componentNameOverrides.$inferInsert, 'id' | 'createdAt'>;
export type NameOverrideTarget = Pick<NewComponentNameOverride, 'componentId' | 'mimirName' | 'mimirCodetype' | 'mimirVendor' | 'mimirVariant'>;

export interface ComponentNameOverridesRepository {
  /** Newest first. Name overrides hold account-wide: every user sees them. */
  list(filter: { componentId?: string; mimirName?: string }, page: PageRequest): Promise<{ rows: ComponentNameOverrideRow[]; count: number }>;
  find(id: number): Promise<ComponentNameOverrideRow | undefined>;
  /** Another override naming the same component (the same catalogue entry, or the same mimir fields). */
  sameTarget(target: NameOverrideTarget, exceptId: number | null): Promise<ComponentNameOverrideRow | undefined>;
  create(row: NewComponentNameOverride): Promise<ComponentNameOverrideRow>;
  update(id: number, patch: Partial<NewComponentNameOverride>): Promise<ComponentNameOverrideRow | undefined>;
  remove(id: number): Promise<ComponentNameOverrideRow | undefined>;
}

export function createComponentNameOverridesRepository(db: Db): ComponentNameOverridesRepository {
  const t = componentNameOverrides;
  // Case-insensitive, as the evaluation compares them (modules/adjustments/apply.ts).
  const equalOrNull = (column: AnyPgColumn, value: string | null | undefined): SQL => (value == null ? isNull(column) : sql`lower(${column}) = lower(${value})`);
  return {
    async list(filter, page) {
      const where = and(
        filter.componentId ? eq(t.componentId, filter.componentId) : undefined,
        filter.mimirName ? ilike(t.mimirName, escapeLike(filter.mimirName)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(t).where(where).orderBy(desc(t.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(t).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row;
    },
    async sameTarget(target, exceptId) {
      const identity = target.componentId != null
        ? eq(t.componentId, target.componentId)
        : and(isNull(t.componentId), equalOrNull(t.mimirName, target.mimirName), equalOrNull(t.mimirCodetype, target.mimirCodetype),
          equalOrNull(t.mimirVendor, target.mimirVendor), equalOrNull(t.mimirVariant, target.mimirVariant));
      const [row] = await db.select().from(t).where(and(identity, exceptId === null ? undefined : ne(t.id, exceptId))).limit(1);
      return row;
    },
    async create(row) {
      const [made] = await db.insert(t).values(row).returning();
      if (!made) throw new Error('the name override was not stored');
      return made;
    },
    async update(id, patch) {
      const [row] = await db.update(t).set(patch).where(eq(t.id, id)).returning();
      return row;
    },
    async remove(id) {
      const [removed] = await db.delete(t).where(eq(t.id, id)).returning();
      return removed;
    },
  };
}
