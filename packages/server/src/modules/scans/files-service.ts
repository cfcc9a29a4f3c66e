// A ready scan's file tree and container images, read from its stored items (result-items.ts,
// files-tree.ts): a folder's children are one index range of the `file` section (kind = the
// folder's key, in sibling order), a search a scan of its search texts, one file a look-up among
// its siblings by its whole path.
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { Viewer } from '../users/viewer.ts';
import { type PageLinks, shownLeak } from './analysis-service.ts';
import type { InfoleakItem } from './analysis.schemas.ts';
import type { StoredImage } from './files-images.ts';
import { ancestorsOf, MAX_LEAK_IDS, parentKey, parentOf, type StoredFileNode } from './files-tree.ts';
import { ENTRY_COMPONENTS, type ContainerImage, type FileDetail, type FileTreeEntry } from './files.schemas.ts';
import type { ScansRepository } from './repository.ts';
import { exactPathNeedle } from './result-items.ts';

export interface ScanFilesService {
  /** The direct children of a folder or container ([] for the top level); 404 file_not_found when there is none at `parent`. */
  children(viewer: Viewer, scanId: number, parent: string[], page: PageRequest, links: PageLinks): Promise<Page<FileTreeEntry>>;
  /** Every node whose path holds `text`, case-insensitively, in tree order. */
  search(viewer: Viewer, scanId: number, text: string, page: PageRequest, links: PageLinks): Promise<Page<FileTreeEntry>>;
  /** One node with every component and the first of its leaks; 404 file_not_found when there is none at `path`. */
  detail(viewer: Viewer, scanId: number, path: string[]): Promise<FileDetail>;
  images(viewer: Viewer, scanId: number, page: PageRequest, links: PageLinks): Promise<Page<ContainerImage>>;
}

/** Nodes of one parent whose lower-cased paths are equal (`A` and `a`): a handful at most. */
const SAME_PATH_CANDIDATES = 50;

export function createScanFilesService(deps: { scans: Pick<ScansRepository, 'items'> }): ScanFilesService {
  const ready = async <T>(found: { status: string; rows: T[]; count: number } | undefined) => {
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R') throw new AppError('scan_not_ready');
    return found;
  };

  /** The node at `path`, undefined when the tree has none. */
  const node = async (viewer: Viewer, scanId: number, path: readonly string[]): Promise<StoredFileNode | undefined> => {
    const parent = parentOf(path);
    // The root is the first node; every other is found among its siblings by its whole path.
    const filter = parent === null ? { ids: [1] } : { kind: parentKey(parent), holds: [exactPathNeedle(path)] };
    const found = await ready(await deps.scans.items<StoredFileNode>(viewer, scanId, 'file', filter, { limit: SAME_PATH_CANDIDATES, offset: 0 }));
    return found.rows.find((row) => samePath(row.path, path));
  };

  return {
    async children(viewer, scanId, parent, request, links) {
      const found = await ready(await deps.scans.items<StoredFileNode>(viewer, scanId, 'file', { kind: parentKey(parent) }, request));
      if (found.count === 0 && parent.length > 0 && (await node(viewer, scanId, parent)) === undefined) throw new AppError('file_not_found');
      return pageOf(found.rows.map(toEntry), found.count, request, links.path, links.query);
    },

    async search(viewer, scanId, text, request, links) {
      const found = await ready(await deps.scans.items<StoredFileNode>(viewer, scanId, 'file', { search: text }, request));
      return pageOf(found.rows.map(toEntry), found.count, request, links.path, links.query);
    },

    async detail(viewer, scanId, path) {
      // A finding in the input itself names it by its name ([input name], docs/native-json.md).
      const stored = (await node(viewer, scanId, path)) ?? (path.length === 1 ? await inputNamed(path[0]) : undefined);
      if (!stored) throw new AppError('file_not_found');
      const leaks = stored.infoleak_ids.length === 0
        ? []
        : (await ready(await deps.scans.items<Omit<InfoleakItem, 'revealable'>>(viewer, scanId, 'infoleak', { ids: stored.infoleak_ids }, { limit: MAX_LEAK_IDS, offset: 0 }))).rows;
      return {
        ...toEntry(stored),
        components: stored.components,
        ancestors: ancestorsOf(stored.path),
        // Secrets come masked whoever asks: the info-leak tab is where a viewer who may reveal them does.
        infoleak_items: leaks.map((leak) => shownLeak(leak, false)),
        executable: stored.executable,
        mobile_app: stored.mobile_app,
      };

      async function inputNamed(name: string | undefined): Promise<StoredFileNode | undefined> {
        const root = await node(viewer, scanId, []);
        return root?.name === name ? root : undefined;
      }
    },

    async images(viewer, scanId, request, links) {
      const found = await ready(await deps.scans.items<StoredImage>(viewer, scanId, 'image', {}, request));
      return pageOf(found.rows, found.count, request, links.path, links.query);
    },
  };
}

/** A stored node as a list shows it: counts for what the detail lists. */
export function toEntry(node: StoredFileNode): FileTreeEntry {
  return {
    name: node.name,
    path: node.path,
    type: node.type,
    is_container: node.is_container,
    has_children: node.child_count > 0,
    child_count: node.child_count,
    format: node.format,
    format_name: node.format_name,
    size: node.size,
    sha1: node.sha1,
    sha256: node.sha256,
    link_target: node.link_target,
    layer: node.layer,
    whiteout: node.whiteout,
    components: node.components.slice(0, ENTRY_COMPONENTS),
    component_count: node.components.length,
    infoleaks: node.infoleaks,
    missing_mitigations: node.executable === null ? null : node.executable.missing.length,
  };
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((element, i) => element === b[i]);
}
