// What `binlens scan` evaluates against: the local knowledge base (DIR/kb) when it holds
// data. Without data nothing is evaluated, and the output says so rather than listing no
// vulnerabilities, which would read as "none found".
// The knowledge-base code (PGlite, drizzle: about a third of the CLI's start) is imported
// only when DIR/kb exists.
import { existsSync } from 'node:fs';
import type { Identification } from '@binlens/engine';
import type { EvaluateOptions, Evaluation } from '@binlens/vulndb';
import { knowledgeBaseDir } from '@binlens/vulndb/data-dir';

export const NOT_EVALUATED = 'not evaluated: no vulnerability data';
/** What an SBOM says instead of listing no vulnerabilities (CycloneDX property and SPDX comment `binlens:vulnerabilities`). */
export const SBOM_NOT_EVALUATED = `${NOT_EVALUATED}: the knowledge base was empty; "binlens db sync" or "binlens db import FILE..." loads it`;
export const NO_DATA_NOTE = 'binlens: vulnerabilities not evaluated: no vulnerability data; run "binlens db sync" or "binlens db import FILE..." first\n';

/** As GET /rest/scans/{id}/result/ says it: `ready` with data, else `empty`; `updated` = the last complete import. */
export interface KnowledgeBaseSummary {
  state: 'empty' | 'ready';
  updated: string | null;
}

export interface LocalEvaluation {
  evaluation: Evaluation | null;
  knowledgeBase: KnowledgeBaseSummary;
}

export async function evaluateLocally(identification: Identification, dataDir: string, options: EvaluateOptions): Promise<LocalEvaluation> {
  const empty: LocalEvaluation = { evaluation: null, knowledgeBase: { state: 'empty', updated: null } };
  if (!existsSync(knowledgeBaseDir(dataDir))) return empty;
  const { evaluate, knowledgeBaseStatus, openKnowledgeBase } = await import('@binlens/vulndb');
  const opened = await openKnowledgeBase(dataDir);
  try {
    const sources = await knowledgeBaseStatus(opened.db);
    if (!sources.some((source) => source.rows > 0)) return empty;
    const finished = sources.map((s) => s.lastImport?.finishedAt).filter((d): d is string => typeof d === 'string').sort();
    return { evaluation: await evaluate(identification, opened.kb, options), knowledgeBase: { state: 'ready', updated: finished.at(-1) ?? null } };
  } finally {
    await opened.close();
  }
}
