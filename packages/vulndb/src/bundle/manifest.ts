// The bundle manifest and the schema tag that guards it: a bundle is imported only into
// a knowledge base with the same migrations (the tag of vulndb's last migration).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE_FORMAT = 'binlens-kb-bundle';
export const BUNDLE_VERSION = 1;

export interface BundleTable {
  /** SQL table name (`vuln_records`). */
  readonly table: string;
  /** Entry name in the archive (`vuln_records.ndjson`). */
  readonly file: string;
  readonly rows: number;
  /** sha256 of the entry's bytes, hex. */
  readonly sha256: string;
}

export interface BundleManifest {
  readonly format: typeof BUNDLE_FORMAT;
  readonly version: number;
  readonly schema: string;
  readonly createdAt: string;
  readonly tables: readonly BundleTable[];
}

const JOURNAL = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations', 'meta', '_journal.json');

/** The tag of the last knowledge-base migration (`0001_cpe_match_provider`). */
export async function schemaTag(): Promise<string> {
  const journal = JSON.parse(await readFile(JOURNAL, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '';
}
