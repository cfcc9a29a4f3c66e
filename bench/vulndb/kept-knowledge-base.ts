// A knowledge base kept between benchmark runs (--kb DIR): a stamp written after a
// complete import names the feeds it holds, so a later run only evaluates.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP_FILE = 'bench-feeds.json';
const GENERATOR = join(dirname(fileURLToPath(import.meta.url)), 'synthetic-feeds.ts');

export interface FeedSizes {
  readonly nvd: number;
  readonly osv: number;
}

/** The feed sizes and the generator's text: a changed generator makes different feeds. */
function stamp(sizes: FeedSizes): string {
  const generator = createHash('sha256').update(readFileSync(GENERATOR)).digest('hex');
  return JSON.stringify({ nvd: sizes.nvd, osv: sizes.osv, generator });
}

/** Whether `dir` holds a complete import of these feeds (false when empty or absent); throws when it holds anything else. */
export function holdsImport(dir: string, sizes: FeedSizes): boolean {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return false;
  const file = join(dir, STAMP_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8') === stamp(sizes)) return true;
  throw new Error(`${dir} holds something other than a complete import of these feeds (${sizes.nvd} NVD, ${sizes.osv} OSV records): empty it or name another directory`);
}

/** Marks `dir` as holding a complete import of these feeds. */
export function stampImport(dir: string, sizes: FeedSizes): void {
  writeFileSync(join(dir, STAMP_FILE), stamp(sizes));
}
