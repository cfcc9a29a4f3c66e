// The CLI's knowledge base: PGlite in `<dataDir>/kb`, migrated with vulndb's own
// migrations. The server instead passes its database (which has the same tables).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Identification } from '@binlens/engine/model';
import type { KbDatabase } from '../db/database.ts';
import { migratedCluster, openPglite } from '../db/pglite.ts';
import { type EvaluateOptions, type Evaluation, evaluate } from '../evaluate.ts';
import { knowledgeBaseDir } from './data-dir.ts';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge-base.ts';

export { defaultDataDir, knowledgeBaseDir } from './data-dir.ts';

export interface OpenKnowledgeBase {
  readonly db: KbDatabase;
  readonly kb: KnowledgeBase;
  readonly directory: string | null;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/** A new knowledge base starts migrated: a copy of a cluster migrated once per set of migrations. */
const MIGRATED_KB = migratedCluster('kb-schema', MIGRATIONS);

/**
 * Opens (creating and migrating when needed) the PGlite knowledge base under `dataDir`;
 * `null` opens a throw-away in-memory one.
 */
export async function openKnowledgeBase(dataDir: string | null): Promise<OpenKnowledgeBase> {
  const directory = dataDir === null ? null : knowledgeBaseDir(dataDir);
  if (directory) await mkdir(directory, { recursive: true });
  const pglite = await openPglite(directory, MIGRATED_KB);
  try {
    const db = drizzle({ client: pglite });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db, kb: createKnowledgeBase(db), directory, close: () => pglite.close() };
  } catch (error) {
    await pglite.close();
    throw error;
  }
}

/**
 * For `binlens scan`: evaluates against the knowledge base under `dataDir` when one was
 * imported there, else answers null (and creates nothing).
 */
export async function evaluateWithLocalKnowledgeBase(
  identification: Identification, dataDir: string, options: EvaluateOptions = {},
): Promise<Evaluation | null> {
  if (!existsSync(knowledgeBaseDir(dataDir))) return null;
  const opened = await openKnowledgeBase(dataDir);
  try {
    return await evaluate(identification, opened.kb, options);
  } finally {
    await opened.close();
  }
}
