import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ComponentObjectMoveRow, componentObjectMoves } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export type NewComponentMove = Omit<typeof componentObjectMoves.$inferInsert, 'id' | 'createdAt'>;

// A move belongs to its scan: the routes are scoped to the scan, so these read by scan id.
export interface ComponentMovesRepository {
  /** In the order they apply (oldest first). */
  list(scanId: number, page: PageRequest): Promise<{ rows: ComponentObjectMoveRow[]; count: number }>;
  create(row: NewComponentMove): Promise<ComponentObjectMoveRow>;
  remove(scanId: number, id: number): Promise<ComponentObjectMoveRow | undefined>;
}

export function createComponentMovesRepository(db: Db): ComponentMovesRepository {
  return {
    async list(scanId, page) {
      const where = eq(componentObjectMoves.scanId, scanId);
      const [rows, [total]] = await Promise.all([
        db.select().from(componentObjectMoves).where(where).orderBy(asc(componentObjectMoves.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(componentObjectMoves).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async create(row) {
      const [made] = await db.insert(componentObjectMoves).values(row).returning();
      if (!made) throw new Error('the move was not stored');
      return made;
    },
    async remove(scanId, id) {
      const [removed] = await db.delete(componentObjectMoves).where(and(eq(componentObjectMoves.id, id), eq(componentObjectMoves.scanId, scanId))).returning();
      return removed;
    },
  };
}
