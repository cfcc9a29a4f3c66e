// Every PGlite database of the product (the server's, the CLI's knowledge base) starts here. A
// new cluster is a copy of an empty one: initdb runs in WebAssembly and takes ~2.5 s of CPU in
// memory and ~3 s into a directory, while loading the empty cluster's dump takes ~1 s. The
// empty cluster is made once per PGlite version and kept in the build cache.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cachedBuildAsync } from '@binlens/engine/build-cache';

/** Opens the cluster in `directory`, or a new one there when it holds none; a new in-memory one for null. */
export async function openPglite(directory: string | null): Promise<PGlite> {
  let pglite: PGlite;
  if (directory !== null && existsSync(path.join(directory, 'PG_VERSION'))) pglite = new PGlite(directory);
  else {
    const loadDataDir = new Blob([await emptyCluster()]);
    // Not `new PGlite(undefined, { loadDataDir })`: that ignores the options and runs initdb.
    pglite = directory === null ? new PGlite({ loadDataDir }) : new PGlite(directory, { loadDataDir });
  }
  await pglite.waitReady;
  return pglite;
}

let cluster: Promise<Uint8Array> | undefined;

/** The data directory of a new, empty cluster, as the tar PGlite dumps and loads. */
function emptyCluster(): Promise<Uint8Array> {
  cluster ??= cachedBuildAsync({ name: 'pglite-cluster', sources: [new URL(import.meta.url)], inputs: [pgliteVersion()] }, async () => {
    const pglite = new PGlite();
    try {
      await pglite.waitReady;
      return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    } finally {
      await pglite.close();
    }
  });
  return cluster;
}

/** The installed PGlite's version: another version may not read this one's data directory. */
function pgliteVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite' && version) return version;
  }
  throw new Error('cannot find the installed @electric-sql/pglite');
}
