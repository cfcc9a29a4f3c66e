// Repositories, services and the knowledge base are built in one place, composition.ts;
// a route plugin, job or entry point that builds its own would bypass it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.dirname(new URL(import.meta.url).pathname);
/** A call, not a definition: `createGroupsRepository(app.db)`, `createKnowledgeBase(db)`; never `function createGroupsRepository(`. */
const CONSTRUCTION = /(?<!function )\b(create\w*(?:Repository|Service)|createKnowledgeBase)\(/g;

it('builds repositories, services and the knowledge base only in composition.ts', async () => {
  const found: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    if (relative === 'composition.ts' || relative.endsWith('.test.ts')) continue;
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(CONSTRUCTION)) found.push(`${relative}:${index + 1} ${match[1]}`);
    });
  }
  expect(found).toEqual([]);
});

// modules/audit/audited.ts records a change's event in the change's transaction; a service
// that recorded one itself could write it apart from its change.
it('records audit events only in modules/audit/audited.ts', async () => {
  const found: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    if (relative === path.join('modules', 'audit', 'audited.ts') || relative.endsWith('.test.ts')) continue;
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (/\baudit\w*\.record\(/.test(line)) found.push(`${relative}:${index + 1}`);
    });
  }
  expect(found).toEqual([]);
});

it('finds calls and leaves definitions alone', () => {
  const calls = (line: string) => [...line.matchAll(CONSTRUCTION)].map((m) => m[1]);
  expect(calls('  const service = createScansService({ scans: createScansRepository(app.db) });')).toEqual(['createScansService', 'createScansRepository']);
  expect(calls('const kb = createKnowledgeBase(app.db);')).toEqual(['createKnowledgeBase']);
  expect(calls('export function createScansRepository(db: Db): ScansRepository {')).toEqual([]);
  expect(calls('await createQueues(boss);')).toEqual([]);
});

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name)).sort();
}
