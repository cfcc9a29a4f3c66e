// One file of a scan's unpacked tree: its entry and where its bytes are. Internal (not
// exported by model/index.ts, so not part of the Identification contract); here so that
// unpackers reading their siblings (unpack/image/layout-files.ts) need not import scan/.
import type { FileEntry } from './identification.ts';

export interface TreeFile {
  entry: FileEntry;
  /** Bytes in the work directory (or the input itself); absent for links. */
  diskPath?: string;
  /**
   * The whole file, kept in memory by the extract stage (a small member): the later stages
   * read it instead of opening `diskPath`, which holds the same bytes.
   */
  contents?: Buffer;
  /** Nesting depth: 0 for the input, 1 for its members, ... */
  depth: number;
  /** Path inside its container; the input's name for the input. */
  innerPath: string;
  linkKind?: 'symlink' | 'hardlink';
}
