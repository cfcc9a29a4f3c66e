// The unpacked file tree of one scan: every file with its extended path, where
// its bytes are in the work directory, and a per-container index so catalogers
// can look up siblings (`etc/os-release` next to `var/lib/dpkg/status`).
import { posix } from 'node:path';
import type { TreeFile } from '../model/tree-file.ts';

export type { TreeFile };

const MAX_LINK_HOPS = 8;

export class FileTree {
  readonly files: TreeFile[] = [];
  readonly #containers = new Map<string, Map<string, TreeFile>>();

  add(file: TreeFile): void {
    this.files.push(file);
    if (file.entry.path.length === 0) return;
    const key = containerKey(file.entry.path);
    let index = this.#containers.get(key);
    if (!index) {
      index = new Map();
      this.#containers.set(key, index);
    }
    index.set(file.innerPath, file);
  }

  /**
   * The file at `innerPath` in the same container as `path`, following links inside
   * the container (as data: `etc/os-release` → `../usr/lib/os-release`); undefined
   * when absent or when a link leaves the container.
   */
  sibling(path: readonly string[], innerPath: string): TreeFile | undefined {
    if (path.length === 0) return undefined;
    const index = this.#containers.get(containerKey(path));
    let current = innerPath;
    for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
      const file = index?.get(current);
      if (!file || file.entry.linkTarget === undefined) return file;
      const target = file.entry.linkTarget;
      const base = file.linkKind === 'hardlink' || target.startsWith('/') ? '' : posix.dirname(current);
      const next = posix.normalize(posix.join('/', base, target)).slice(1);
      if (next === '' || next === current) return undefined;
      current = next;
    }
    return undefined;
  }
}

function containerKey(path: readonly string[]): string {
  return JSON.stringify(path.slice(0, -1));
}
