// The cataloger plugin shape: a cheap path pre-filter plus a parser from one
// file (and, when it needs context such as os-release, its siblings) to components.
import type { Component, Problem } from '../model/index.ts';

export interface CatalogFile {
  /** Extended path of the file ([] when it is the scan's input itself). */
  path: string[];
  /** Path inside its container, e.g. `var/lib/dpkg/status`; the input's name for the input. */
  innerPath: string;
  /** The file's bytes, bounded (a problem is raised above the limit). */
  read(): Promise<Buffer>;
  /** A file of the same container by inner path (links inside the tree resolved); undefined when absent. */
  readSibling(innerPath: string): Promise<Buffer | undefined>;
}

export interface CatalogResult {
  components: Component[];
  /** Located problems; `plugin` is filled in by the caller. */
  problems: Omit<Problem, 'plugin'>[];
}

export interface Cataloger {
  /** Unique `<ecosystem>/<file-kind>`, e.g. `debian/dpkg-status`. */
  name: string;
  /** Bumped whenever the cataloger's output changes. */
  version: number;
  /** Cheap pre-filter on the extended path: only matching files are read. */
  matches(path: readonly string[], innerPath: string): boolean;
  catalog(file: CatalogFile): Promise<CatalogResult>;
}
