// The images of an OCI image layout (`oci-layout`, `index.json`, `blobs/sha256/...`),
// wherever its blobs are stored: an OCI archive (a tar) or a layout directory.
// index.json names manifests, possibly through nested indexes (one per platform);
// each manifest names its config and its layers (tar, tar+gzip or tar+zstd).
import { FormatError } from '../types.ts';
import { digestOf } from './tar-index.ts';
import { layerAt, objects, readJson, type BlobStore, type ImagePlan } from './images.ts';

/** Index → index → manifest is as deep as real layouts go (multi-platform images). */
const MAX_NESTING = 4;
const MAX_IMAGES = 64;

/** Every image the layout's index.json leads to, each once (by config digest). */
export async function ociPlans(store: BlobStore, location: string[]): Promise<ImagePlan[]> {
  const found: ImagePlan[] = [];
  await walkIndex(store, location, 'index.json', [], 0, found);
  return found;
}

async function walkIndex(store: BlobStore, location: string[], name: string, tags: string[], depth: number, found: ImagePlan[]): Promise<void> {
  if (depth > MAX_NESTING) throw new FormatError('malformed', 'OCI indexes nested too deep', location);
  const doc = (await readJson(store, name, location)) as Record<string, unknown> | null;
  if (typeof doc !== 'object' || doc === null) throw new FormatError('malformed', `${name} is not an object`, location);
  if (Array.isArray(doc.layers)) {
    const config = blobPath((doc.config as Record<string, unknown> | undefined)?.digest);
    const configDigest = digestOf(config);
    if (configDigest === undefined) throw new FormatError('malformed', `${name} has no config digest`, location);
    const layers = objects(doc.layers).map((l) => layerAt(store, blobPath(l.digest), digestOf(blobPath(l.digest)), location));
    if (found.length < MAX_IMAGES && !found.some((p) => p.id === configDigest)) found.push({ id: configDigest, repoTags: tags, layers, config });
    return;
  }
  for (const descriptor of objects(doc.manifests)) {
    await walkIndex(store, location, blobPath(descriptor.digest), tags.length > 0 ? tags : tagsOf(descriptor), depth + 1, found);
  }
}

/** `sha256:<hex>` → `blobs/sha256/<hex>`; anything else → '' (missing). */
function blobPath(digest: unknown): string {
  // Sample: `sha256:0f2b1e...` (64 hex digits).
  return typeof digest === 'string' && /^sha256:[0-9a-f]{64}$/.test(digest) ? `blobs/sha256/${digest.slice(7)}` : '';
}

/** containerd's full name (`docker.io/library/debian:12`), else the OCI ref name (`12`). */
function tagsOf(descriptor: Record<string, unknown>): string[] {
  const annotations = (descriptor.annotations ?? {}) as Record<string, unknown>;
  const name = annotations['io.containerd.image.name'] ?? annotations['org.opencontainers.image.ref.name'];
  return typeof name === 'string' && name !== '' ? [name] : [];
}
