// One state of the knowledge base for a diff's two evaluations: a read-only REPEATABLE READ
// transaction, so an import's swap commits either before both or after both.
import type { KnowledgeBase } from '@binlens/vulndb';
import type { Db } from '../../db/client.ts';

/** Runs `work` against the knowledge base `open` builds over a read-only snapshot of `db`. */
export function knowledgeBaseSnapshot(db: Db, open: (tx: Db) => KnowledgeBase) {
  return <T>(work: (knowledgeBase: KnowledgeBase) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(oneAtATime(open(tx))), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * The knowledge base with its lookups queued: a transaction is one connection, which runs one
 * query at a time, while evaluation asks several lookups at once. Only the lookups are kept, so
 * every answer is read in the snapshot, never from rows cached for some other state.
 */
export function oneAtATime(knowledgeBase: KnowledgeBase): KnowledgeBase {
  let last: Promise<unknown> = Promise.resolve();
  const queued = <A extends unknown[], R>(lookup: (...args: A) => Promise<R>) => (...args: A): Promise<R> => {
    const next = last.then(() => lookup(...args), () => lookup(...args));
    last = next.catch(() => undefined);
    return next;
  };
  return {
    packageRanges: queued(knowledgeBase.packageRanges),
    cpeMatches: queued(knowledgeBase.cpeMatches),
    distroFixes: queued(knowledgeBase.distroFixes),
    records: queued(knowledgeBase.records),
    recordSummaries: queued(knowledgeBase.recordSummaries),
    aliases: queued(knowledgeBase.aliases),
    cpeSources: queued(knowledgeBase.cpeSources),
    epss: queued(knowledgeBase.epss),
    kev: queued(knowledgeBase.kev),
    distroCvss: queued(knowledgeBase.distroCvss),
  };
}
