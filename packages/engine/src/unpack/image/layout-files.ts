// OCI image layouts given as separate files: a directory scanned as the input
// (`oci-layout`, `index.json`, `blobs/sha256/...` at its root or in a folder), or an
// archive (zip, tar with a leading folder) that held such a folder. The layout's
// files are found among one container's members by name; their blobs are read
// where the tree keeps them, and the merged image tree becomes more members of
// that container (`<folder>/etc/os-release`). The layout's own files are then
// not unpacked one by one: their content is the merged tree.
import { createReadStream } from 'node:fs';
import type { TreeFile } from '../../model/tree-file.ts';
import { openReader } from '../../util/reader.ts';
import { extractImages, type Blob, type BlobStore, type ImageContext } from './images.ts';
import { ociPlans } from './oci-index.ts';

export const OCI_LAYOUT = 'container/oci-layout';

/** Names a layout holds, relative to its folder (docker 25+ adds manifest.json and repositories). */
const LAYOUT_FILE = /^(oci-layout|index\.json|manifest\.json|repositories|blobs\/sha256\/[0-9a-f]{64})$/;

export interface LayoutFiles {
  /** The layout's folder inside its container: '' or `name/`. */
  prefix: string;
  /** The layout's own files (documents and blobs). */
  files: TreeFile[];
  store: BlobStore;
}

/** Every layout among one container's members: a folder holding both `oci-layout` and `index.json`. */
export function findLayouts(members: readonly TreeFile[]): LayoutFiles[] {
  const byName = new Map(members.map((m) => [m.innerPath, m]));
  const prefixes = members
    .filter((m) => m.innerPath === 'oci-layout' || m.innerPath.endsWith('/oci-layout'))
    .map((m) => m.innerPath.slice(0, -'oci-layout'.length))
    .filter((prefix) => byName.get(`${prefix}index.json`)?.diskPath !== undefined);
  return prefixes.map((prefix) => ({
    prefix,
    files: members.filter((m) => m.innerPath.startsWith(prefix) && LAYOUT_FILE.test(m.innerPath.slice(prefix.length))),
    store: (name) => {
      const file = byName.get(`${prefix}${name}`);
      // Links are never followed: a layout whose blob is a link lacks that blob.
      return file?.diskPath === undefined ? undefined : fileBlob(file.diskPath, file.entry.size);
    },
  }));
}

/** The layout's images, merged, into `ctx.sink` under the layout's folder. */
export async function extractLayout(ctx: ImageContext, layout: LayoutFiles): Promise<void> {
  await extractImages(ctx, layout.store, await ociPlans(layout.store, ctx.location), layout.prefix);
}

function fileBlob(path: string, size: number): Blob {
  return {
    size,
    async read(offset, length) {
      const reader = await openReader(path);
      try {
        return await reader.read(offset, length);
      } finally {
        await reader.close();
      }
    },
    stream: () => createReadStream(path),
  };
}
