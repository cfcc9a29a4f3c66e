// A ready scan's container images, layer by layer, for the image items (result-items.ts): each
// layer's build step from the image's history, how many files it brought, the components whose
// evidence lies in it and the files its whiteouts deleted from the layers below.
import type { Identification } from '@binlens/engine/model';
import type { FileComponent } from './files-tree.ts';

export interface StoredImageLayer {
  digest: string;
  created_by: string | null;
  created: string | null;
  comment: string | null;
  /** Files that come from this layer and were not deleted by a later one. */
  files: number;
  components: FileComponent[];
  /** Files of lower layers this layer deleted (whiteouts and opaque folders). */
  deleted: number;
  /** The first of them, in tree order. */
  deleted_files: string[][];
}

export interface StoredImage {
  id: string;
  repo_tags: string[];
  /** Extended path of the archive that holds the image; [] for the input itself. */
  path: string[];
  layers: StoredImageLayer[];
}

/** A layer lists this many deleted files; the file tree shows each. */
export const MAX_DELETED_FILES = 100;

export function imageItems(identification: Identification): StoredImage[] {
  const images = identification.dockerImages ?? [];
  if (images.length === 0) return [];
  const byLayer = layerFacts(identification);
  return images.map((image) => ({
    id: image.id,
    repo_tags: image.repoTags,
    path: image.path,
    layers: image.layers.map((digest, i) => {
      const step = image.layerHistory?.[i];
      const facts = byLayer.get(digest);
      return {
        digest,
        created_by: step?.createdBy ?? null,
        created: step?.created ?? null,
        comment: step?.comment ?? null,
        files: facts?.files ?? 0,
        components: [...(facts?.components.values() ?? [])].sort((a, b) => compare(a.lib, b.lib) || compare(a.version, b.version)),
        deleted: facts?.deleted.length ?? 0,
        deleted_files: (facts?.deleted ?? []).sort(comparePaths).slice(0, MAX_DELETED_FILES),
      };
    }),
  }));
}

interface LayerFacts {
  files: number;
  components: Map<string, FileComponent>;
  deleted: string[][];
}

/** What each layer digest brought and deleted, over every file of the scan. */
function layerFacts(identification: Identification): Map<string, LayerFacts> {
  const facts = new Map<string, LayerFacts>();
  const of = (digest: string): LayerFacts => {
    let found = facts.get(digest);
    if (!found) facts.set(digest, (found = { files: 0, components: new Map(), deleted: [] }));
    return found;
  };
  const layerOfFile = new Map<string, string>();
  for (const file of identification.files) {
    if (file.layer === undefined) continue;
    layerOfFile.set(JSON.stringify(file.path), file.layer);
    if (file.whiteout === undefined) of(file.layer).files += 1;
    else of(file.whiteout).deleted.push(file.path);
  }
  for (const component of identification.components) {
    for (const evidence of component.evidence) {
      const layer = layerOfFile.get(JSON.stringify(evidence.path));
      if (layer !== undefined) of(layer).components.set(component.id, { uid: component.id, lib: component.name, version: component.version });
    }
  }
  return facts;
}

function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compare(a[i] ?? '', b[i] ?? '');
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
