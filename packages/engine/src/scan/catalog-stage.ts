// Stage "BOM matching" (package metadata): run every cataloger over the files its
// pre-filter accepts.
import type { Component } from '../model/index.ts';
import { compareStrings } from '../identify/component.ts';
import { type FileOwners, addOwnedFiles } from '../identify/ownership.ts';
import { CATALOGERS } from '../identify/registry.ts';
import type { CatalogFile, Cataloger } from '../identify/types.ts';
import { type FileSource, MAX_READ, openSource, type Reader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';
import { outOfTime } from './time-limit.ts';

export interface CatalogOutput {
  components: Component[];
  /** Files owned by distro packages, for the signature stage. */
  owners: FileOwners;
}

export async function catalogStage(ctx: ScanContext): Promise<CatalogOutput> {
  const components: Component[] = [];
  const owners: FileOwners = new Map();
  const files = ctx.tree.files.filter((f) => f.diskPath !== undefined);
  const listing = containerListing(ctx.tree.files);
  for (const [i, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    if (outOfTime(ctx, 'BOM matching', () => `${files.length - i} of ${files.length} files not catalogued`)) break;
    ctx.progress({ stage: 'BOM matching', done: i, total: files.length });
    const windows = new FileWindows(file);
    try {
      for (const cataloger of CATALOGERS) {
        if (!cataloger.matches(file.entry.path, file.innerPath, file.entry.format)) continue;
        components.push(...(await runCataloger(ctx, cataloger, file, windows, listing, owners)));
      }
    } finally {
      await windows.close();
    }
  }
  ctx.progress({ stage: 'BOM matching', done: files.length, total: files.length });
  return { components, owners };
}

/** Inner paths per container (key: the container's extended path as JSON), sorted. */
function containerListing(files: readonly TreeFile[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files) {
    if (f.entry.path.length === 0) continue;
    const key = JSON.stringify(f.entry.path.slice(0, -1));
    const list = out.get(key) ?? [];
    list.push(f.innerPath);
    out.set(key, list);
  }
  for (const list of out.values()) list.sort(compareStrings);
  return out;
}

async function runCataloger(ctx: ScanContext, cataloger: Cataloger, file: TreeFile, windows: FileWindows, listing: Map<string, string[]>, owners: FileOwners): Promise<Component[]> {
  const location = file.entry.path;
  if (cataloger.reads !== 'ranges' && file.entry.size > MAX_READ) {
    ctx.problems.push({
      level: 'warning',
      location,
      plugin: cataloger.name,
      code: 'limit-exceeded',
      message: `metadata file of ${file.entry.size} bytes is over ${MAX_READ}; not read`,
    });
    return [];
  }
  const siblings = location.length === 0 ? [] : (listing.get(JSON.stringify(location.slice(0, -1))) ?? []);
  const catalogFile: CatalogFile = {
    path: location,
    innerPath: file.innerPath,
    containerName: containerName(ctx.inputName, location),
    size: file.entry.size,
    read: () => windows.read(0, Math.min(file.entry.size, MAX_READ)),
    readRange: (offset, length) => windows.read(offset, length),
    readSibling: async (innerPath) => {
      const sibling = ctx.tree.sibling(location, innerPath);
      if (sibling?.diskPath === undefined || sibling.entry.size > MAX_READ) return undefined;
      return readRange(sibling, 0, sibling.entry.size);
    },
    listSiblings: (prefix) => siblings.filter((p) => p.startsWith(prefix)),
  };
  try {
    const result = await cataloger.catalog(catalogFile);
    for (const p of result.problems) ctx.problems.push({ ...p, plugin: cataloger.name });
    for (const o of result.owned ?? []) addOwnedFiles(owners, location.slice(0, -1), o.root, o.component, o.files);
    return result.components;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.problems.push(internalProblem(location, cataloger.name, err));
    return [];
  }
}

function containerName(inputName: string, path: readonly string[]): string {
  if (path.length === 0) return '';
  const container = path.length === 1 ? inputName : (path[path.length - 2] ?? '');
  return container.slice(container.lastIndexOf('/') + 1);
}

/** A bounded window of a file (Reader refuses windows over MAX_READ). */
async function readRange(source: FileSource, offset: number, length: number): Promise<Buffer> {
  const reader = await openSource(source);
  try {
    return await reader.read(offset, length);
  } finally {
    await reader.close();
  }
}

/**
 * One file handle for every read of every cataloger of a file, opened at the first read.
 * An ELF file is searched by several catalogers (Go build info, cargo-auditable, ELF
 * notes), each in several windows: a handle opened, stat'ed and closed per window was a
 * quarter of the stage's time on a root file system.
 */
class FileWindows {
  readonly #source: FileSource;
  #reader: Promise<Reader> | undefined;

  constructor(source: FileSource) {
    this.#source = source;
  }

  async read(offset: number, length: number): Promise<Buffer> {
    this.#reader ??= openSource(this.#source);
    return (await this.#reader).read(offset, length);
  }

  async close(): Promise<void> {
    // A file that could not be opened failed its reads already; nothing to close.
    const reader = await this.#reader?.catch(() => undefined);
    await reader?.close();
  }
}
