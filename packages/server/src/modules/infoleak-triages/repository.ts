import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type InfoleakTriageRow, infoleakTriages, users } from '../../db/schema/index.ts';
import { triageScopeWhere } from '../adjustments/repository.ts';
import type { ScanScopeContext, ScopedRule } from '../adjustments/scope.ts';

/** A stored infoleak triage with the name of who made it. */
export interface InfoleakTriageRecord extends ScopedRule {
  id: number;
  kind: string;
  valueKey: string;
  scanId: number | null;
  rationale: string;
  description: string;
  createdBy: number | null;
  userName: string | null;
  createdAt: Date;
}

export type NewInfoleakTriage = Omit<InfoleakTriageRow, 'id' | 'createdAt'>;

export interface InfoleakTriagesRepository {
  /** The triages of these kinds (every kind when undefined) whose scope reaches the scan, oldest first. */
  reaching(scan: ScanScopeContext, kinds: readonly string[] | undefined): Promise<InfoleakTriageRecord[]>;
  find(id: number): Promise<InfoleakTriageRecord | undefined>;
  create(rows: readonly NewInfoleakTriage[]): Promise<InfoleakTriageRecord[]>;
  remove(id: number): Promise<void>;
}

/**
 * Triages read for one scan at most: each is a distinct value triaged, so far more than a
 * person makes; past it the oldest are the ones applied.
 */
const MAX_REACHING = 50_000;

const columns = {
  id: infoleakTriages.id,
  kind: infoleakTriages.kind,
  valueKey: infoleakTriages.valueKey,
  scanId: infoleakTriages.scanId,
  rationale: infoleakTriages.rationale,
  description: infoleakTriages.description,
  scope: infoleakTriages.scope,
  groupScope: infoleakTriages.groupScope,
  resultScope: infoleakTriages.resultScope,
  applicationName: infoleakTriages.applicationName,
  fileHash: infoleakTriages.fileHash,
  createdBy: infoleakTriages.createdBy,
  userName: users.username,
  createdAt: infoleakTriages.createdAt,
};

export function createInfoleakTriagesRepository(db: Db): InfoleakTriagesRepository {
  const select = () => db.select(columns).from(infoleakTriages).leftJoin(users, eq(users.id, infoleakTriages.createdBy));
  return {
    async reaching(scan, kinds) {
      const ofKinds = kinds === undefined ? undefined : inArray(infoleakTriages.kind, [...kinds]);
      return select().where(and(ofKinds, triageScopeWhere(infoleakTriages, scan))).orderBy(asc(infoleakTriages.id)).limit(MAX_REACHING);
    },

    async find(id) {
      const [row] = await select().where(eq(infoleakTriages.id, id));
      return row;
    },

    async create(rows) {
      if (rows.length === 0) return [];
      const ids = (await db.insert(infoleakTriages).values([...rows]).returning({ id: infoleakTriages.id })).map((row) => row.id);
      return select().where(inArray(infoleakTriages.id, ids)).orderBy(asc(infoleakTriages.id));
    },

    async remove(id) {
      await db.delete(infoleakTriages).where(eq(infoleakTriages.id, id));
    },
  };
}
