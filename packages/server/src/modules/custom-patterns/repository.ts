import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CustomPatternRow, customPatterns, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { CustomPatternOrdering } from './schemas.ts';

/** A pattern with its author's email (null once the author is removed). */
export type CustomPatternRecord = CustomPatternRow & { createdByEmail: string | null };

export interface CustomPatternFilter {
  ids?: readonly number[] | undefined;
  ordering: CustomPatternOrdering;
}

export interface NewCustomPattern {
  name: string;
  pattern: string;
  description: string;
  enabled: boolean;
  createdBy: number;
}

export type CustomPatternChanges = Partial<Pick<CustomPatternRow, 'name' | 'pattern' | 'description' | 'enabled'>>;

export interface CustomPatternsRepository {
  list(filter: CustomPatternFilter, page: PageRequest): Promise<{ rows: CustomPatternRecord[]; count: number }>;
  find(id: number): Promise<CustomPatternRecord | undefined>;
  count(): Promise<number>;
  /** The new pattern's id, or undefined when its name is taken (whatever its case). */
  create(pattern: NewCustomPattern): Promise<number | undefined>;
  /** The row as it was before the change; undefined when there is none; 'taken' when the new name is another pattern's. */
  update(id: number, changes: CustomPatternChanges): Promise<CustomPatternRow | undefined | 'taken'>;
  /** The deleted row, or undefined when there was none. */
  delete(id: number): Promise<CustomPatternRow | undefined>;
  /** The enabled patterns, oldest first, at most `limit`: what scans search for. */
  enabled(limit: number): Promise<Pick<CustomPatternRow, 'id' | 'pattern'>[]>;
}

const ORDER: Record<CustomPatternOrdering, SQL[]> = {
  id: [asc(customPatterns.id)],
  '-id': [desc(customPatterns.id)],
  name: [asc(sql`lower(${customPatterns.name})`), asc(customPatterns.id)],
  '-name': [desc(sql`lower(${customPatterns.name})`), desc(customPatterns.id)],
};

const columns = {
  id: customPatterns.id,
  name: customPatterns.name,
  pattern: customPatterns.pattern,
  description: customPatterns.description,
  enabled: customPatterns.enabled,
  createdBy: customPatterns.createdBy,
  createdAt: customPatterns.createdAt,
  modifiedAt: customPatterns.modifiedAt,
  createdByEmail: users.email,
};

export function createCustomPatternsRepository(db: Db): CustomPatternsRepository {
  const select = () => db.select(columns).from(customPatterns).leftJoin(users, eq(users.id, customPatterns.createdBy));
  return {
    async list(filter, page) {
      const where = filter.ids === undefined ? undefined : inArray(customPatterns.id, [...filter.ids]);
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(...ORDER[filter.ordering]).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(customPatterns).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(id) {
      const [row] = await select().where(eq(customPatterns.id, id));
      return row;
    },
    async count() {
      const [total] = await db.select({ value: count() }).from(customPatterns);
      return total?.value ?? 0;
    },
    async create(pattern) {
      const [row] = await db.insert(customPatterns).values(pattern).onConflictDoNothing().returning({ id: customPatterns.id });
      return row?.id;
    },
    async update(id, changes) {
      const [before] = await db.select().from(customPatterns).where(eq(customPatterns.id, id)).for('update');
      if (!before) return undefined;
      if (changes.name !== undefined) {
        const [other] = await db
          .select({ id: customPatterns.id })
          .from(customPatterns)
          .where(and(sql`lower(${customPatterns.name}) = lower(${changes.name})`, sql`${customPatterns.id} <> ${id}`));
        if (other) return 'taken';
      }
      await db.update(customPatterns).set({ ...changes, modifiedAt: new Date() }).where(eq(customPatterns.id, id));
      return before;
    },
    async delete(id) {
      const [row] = await db.delete(customPatterns).where(eq(customPatterns.id, id)).returning();
      return row;
    },
    enabled: (limit) =>
      db.select({ id: customPatterns.id, pattern: customPatterns.pattern }).from(customPatterns).where(eq(customPatterns.enabled, true)).orderBy(asc(customPatterns.id)).limit(limit),
  };
}
