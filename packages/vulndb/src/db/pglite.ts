// Every PGlite database of the product (the server's, the CLI's knowledge base) starts here. A
// new cluster is a copy of one made once and kept in the build cache: initdb runs in
// WebAssembly and takes ~2.5 s of CPU in memory and ~3 s into a directory, a schema's
// migrations ~1.5 s more, while loading a kept cluster takes ~1 s.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cachedBuildAsync } from '@binlens/engine/build-cache';
import { parseHeader, verifyChecksum } from '@binlens/engine/tar-header';

/** What a new cluster is given before it is kept, e.g. a schema's migrations. */
export interface ClusterTemplate {
  /** Names the kept cluster: [a-z-] only. */
  name: string;
  /** Everything `prepare`'s result depends on (the migration files, the migrator's version). */
  inputs(): readonly (string | Uint8Array)[];
  /** Runs once on a new, empty cluster. */
  prepare(pglite: PGlite): Promise<void>;
}

/**
 * Opens the cluster in `directory`, or a new one there when it holds none; a new in-memory one
 * for null. A new cluster is empty, or as `template` prepares it.
 */
export async function openPglite(directory: string | null, template?: ClusterTemplate): Promise<PGlite> {
  const cluster = directory !== null && existsSync(path.join(directory, 'PG_VERSION')) ? undefined : await keptCluster(template);
  return patientTierUp(async () => {
    const pglite = cluster === undefined ? new PGlite(directory ?? undefined) : loaded(directory, cluster);
    await pglite.waitReady;
    return pglite;
  });
}

/** V8's default: a wasm function runs about this many bytes of code before it is optimised. */
const TIERING_BUDGET = 13_000_000;

/**
 * Opens a cluster with ten times V8's tiering budget for PGlite's functions. Optimising one of
 * them (~100 KB of code, hot from the first queries) takes ~1.7 s of CPU and ~600 MB, and a
 * process waits for that compile at exit: a short command or a new server paid it before its
 * first answer. With the larger first budget it runs on the baseline compiler until it has done
 * real work; then it is optimised as before (a 20,000-row workload ran no slower). V8's flags are
 * the process's: the default is put back once the cluster is open, for other WebAssembly.
 */
async function patientTierUp(open: () => Promise<PGlite>): Promise<PGlite> {
  setFlagsFromString(`--wasm-tiering-budget=${TIERING_BUDGET * 10}`);
  try {
    return await open();
  } finally {
    setFlagsFromString(`--wasm-tiering-budget=${TIERING_BUDGET}`);
  }
}

function loaded(directory: string | null, cluster: Uint8Array): PGlite {
  if (directory !== null) {
    writeCluster(directory, cluster);
    return new PGlite(directory);
  }
  // Not `new PGlite(undefined, { loadDataDir })`: that ignores the options and runs initdb.
  return new PGlite({ loadDataDir: new Blob([cluster]) });
}

/**
 * Writes a kept cluster (the tar PGlite's dumpDataDir makes: directories and files under the
 * data directory) into `directory`, as loadDataDir would through PGlite's file system, ~0.1 s
 * instead of ~0.8 s. The tar is the build cache's, checked by its digest; its paths still may
 * not leave `directory`.
 */
export function writeCluster(directory: string, dump: Uint8Array): void {
  const bytes = Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength);
  const root = path.resolve(directory);
  for (let offset = 0; offset + 512 <= bytes.length; ) {
    const block = bytes.subarray(offset, offset + 512);
    if (block.every((byte) => byte === 0)) return;
    const header = verifyChecksum(block) ? parseHeader(block) : undefined;
    if (header === undefined || offset + 512 + header.size > bytes.length) throw new Error(`damaged PGlite cluster at byte ${offset}`);
    const target = path.resolve(root, `.${path.posix.sep}${header.path}`);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`PGlite cluster entry outside its directory: ${header.path}`);
    offset += 512;
    if (header.type === '5') mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (header.type === '0' || header.type === '\0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, bytes.subarray(offset, offset + header.size), { mode: 0o600 });
    } else throw new Error(`unexpected entry type '${header.type}' in a PGlite cluster: ${header.path}`);
    offset += Math.ceil(header.size / 512) * 512;
  }
}

const kept = new Map<string, Promise<Uint8Array>>();

/** The data directory of a new cluster (empty, or as the template prepares it), as the tar PGlite dumps and loads. */
function keptCluster(template: ClusterTemplate | undefined): Promise<Uint8Array> {
  const name = template === undefined ? 'pglite-cluster' : `pglite-${template.name}`;
  let cluster = kept.get(name);
  if (cluster === undefined) {
    const inputs = [installedVersion('@electric-sql/pglite'), ...(template?.inputs() ?? [])];
    cluster = cachedBuildAsync({ name, sources: [new URL(import.meta.url)], inputs }, async () => {
      const pglite = template === undefined ? new PGlite() : loaded(null, await keptCluster(undefined));
      try {
        await pglite.waitReady;
        await template?.prepare(pglite);
        return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      } finally {
        await pglite.close();
      }
    });
    // A failed build is not kept: the next open tries again.
    cluster.catch(() => kept.delete(name));
    kept.set(name, cluster);
  }
  return cluster;
}

/** A template that applies the drizzle-kit migrations in `folder`: a new cluster starts migrated. */
export function migratedCluster(name: string, folder: string): ClusterTemplate {
  return {
    name,
    inputs: () => [...migrationInputs(folder), installedVersion('drizzle-orm')],
    prepare: async (pglite) => {
      await migrate(drizzle({ client: pglite }), { migrationsFolder: folder });
    },
  };
}

/** The name and content of every file under a migrations folder, for a template's inputs. */
export function migrationInputs(folder: string): string[] {
  const names = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  return names.flatMap((name) => [name, readFileSync(path.join(folder, name), 'utf8')]);
}

/** The installed version of a package: another PGlite may not read this one's data directory, another migrator keeps its own table. */
export function installedVersion(name: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve(name))); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const found = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (found.name === name && found.version) return found.version;
  }
  throw new Error(`cannot find the installed ${name}`);
}
