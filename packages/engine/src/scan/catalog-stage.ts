// Stage "BOM matching": run every cataloger over the files its pre-filter accepts.
import type { Component } from '../model/index.ts';
import { CATALOGERS } from '../identify/registry.ts';
import type { CatalogFile, Cataloger } from '../identify/types.ts';
import { MAX_READ, openReader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';

export async function catalogStage(ctx: ScanContext): Promise<Component[]> {
  const components: Component[] = [];
  const files = ctx.tree.files.filter((f) => f.diskPath !== undefined);
  for (const [i, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    ctx.progress({ stage: 'BOM matching', done: i, total: files.length });
    for (const cataloger of CATALOGERS) {
      if (!cataloger.matches(file.entry.path, file.innerPath)) continue;
      components.push(...(await runCataloger(ctx, cataloger, file)));
    }
  }
  ctx.progress({ stage: 'BOM matching', done: files.length, total: files.length });
  return components;
}

async function runCataloger(ctx: ScanContext, cataloger: Cataloger, file: TreeFile): Promise<Component[]> {
  const location = file.entry.path;
  if (file.entry.size > MAX_READ) {
    ctx.problems.push({
      level: 'warning',
      location,
      plugin: cataloger.name,
      code: 'limit-exceeded',
      message: `metadata file of ${file.entry.size} bytes is over ${MAX_READ}; not read`,
    });
    return [];
  }
  const catalogFile: CatalogFile = {
    path: location,
    innerPath: file.innerPath,
    read: () => readBounded(file.diskPath ?? ''),
    readSibling: async (innerPath) => {
      const sibling = ctx.tree.sibling(location, innerPath);
      if (sibling?.diskPath === undefined || sibling.entry.size > MAX_READ) return undefined;
      return readBounded(sibling.diskPath);
    },
  };
  try {
    const result = await cataloger.catalog(catalogFile);
    for (const p of result.problems) ctx.problems.push({ ...p, plugin: cataloger.name });
    return result.components;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.problems.push(internalProblem(location, cataloger.name, err));
    return [];
  }
}

/** Whole small file (sizes were checked against MAX_READ from the tree). */
async function readBounded(path: string): Promise<Buffer> {
  const reader = await openReader(path);
  try {
    return await reader.read(0, Math.min(reader.size, MAX_READ));
  } finally {
    await reader.close();
  }
}

