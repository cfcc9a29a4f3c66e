// The cataloger plugin shape: a cheap path pre-filter plus a parser from one
// file (and, when it needs context such as os-release, its siblings) to components.
import type { Component, Problem } from '../model/index.ts';

export interface CatalogFile {
  /** Extended path of the file ([] when it is the scan's input itself). */
  path: string[];
  /** Path inside its container, e.g. `var/lib/dpkg/status`; the input's name for the input. */
  innerPath: string;
  /** Base name of the container the file sits in (the input's name for its members); '' for the input. */
  containerName: string;
  /** Size in bytes. */
  size: number;
  /** The file's bytes, bounded (a problem is raised above the limit). */
  read(): Promise<Buffer>;
  /** Up to `length` bytes at `offset` (at most MAX_READ): for catalogers that seek in big files. */
  readRange(offset: number, length: number): Promise<Buffer>;
  /** A file of the same container by inner path (links inside the tree resolved); undefined when absent. */
  readSibling(innerPath: string): Promise<Buffer | undefined>;
  /** Inner paths of the files of the same container that start with `prefix`, sorted. */
  listSiblings(prefix: string): string[];
}

export interface CatalogResult {
  components: Component[];
  /**
   * Files each (distro) package installed, as its database writes them (`/lib/x86_64-linux-gnu/libz.so.1`),
   * under `root`, the tree prefix of the database's file system in the same container (`''`, `rootfs/`):
   * signature hits in them are attributed to the package (identify/ownership.ts).
   */
  owned?: { component: Component; root: string; files: string[] }[];
  /** Located problems; `plugin` is filled in by the caller. */
  problems: Omit<Problem, 'plugin'>[];
}

export interface Cataloger {
  /** Unique `<ecosystem>/<file-kind>`, e.g. `debian/dpkg-status`. */
  name: string;
  /** Bumped whenever the cataloger's output changes. */
  version: number;
  /**
   * Cheap pre-filter on the extended path and the detected format (`executable/elf`, ...):
   * only matching files are read.
   */
  matches(path: readonly string[], innerPath: string, format?: string): boolean;
  /**
   * `whole` (default): the file is read at once and files above MAX_READ are skipped with a
   * problem. `ranges`: the cataloger seeks with `readRange`, any size.
   */
  reads?: 'whole' | 'ranges';
  catalog(file: CatalogFile): Promise<CatalogResult>;
}
