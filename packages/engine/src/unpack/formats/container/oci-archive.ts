// OCI image layout in a tar (`oci-layout`, `index.json`, `blobs/sha256/...`), as
// written by `skopeo copy ... oci-archive:`, buildah and BuildKit. index.json
// names manifests (possibly through nested indexes, one per platform); each
// manifest names its config and its layers (tar, tar+gzip or tar+zstd).
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { digestOf, indexImageTar, type TarMember } from '../../image/tar-index.ts';
import { extractImages, layerAt, objects, readJson, type ImagePlan } from '../../image/images.ts';

/** Index → index → manifest is as deep as real layouts go (multi-platform images). */
const MAX_NESTING = 4;
const MAX_IMAGES = 64;

export const ociArchive: Unpacker = {
  name: 'container/oci-archive',
  version: 1,
  specialises: 'archive/tar',
  async identify(head, reader) {
    if (head.length < 512 || head.toString('latin1', 257, 262) !== 'ustar') return null;
    const members = await indexImageTar(reader);
    // docker 25+ writes both layouts; its manifest.json (with RepoTags) wins.
    return members?.has('oci-layout') && members.has('index.json') && !members.has('manifest.json') ? { start: 0, end: reader.size } : null;
  },
  async extract(ctx) {
    const members = await indexImageTar(ctx.reader, ctx.chunk.start, ctx.chunk.end);
    if (members === null) throw new FormatError('malformed', 'not an OCI archive', ctx.location);
    const found: ImagePlan[] = [];
    await walkIndex(ctx, ctx.reader, members, 'index.json', [], 0, found);
    await extractImages(ctx, found);
  },
};

async function walkIndex(
  ctx: ExtractContext,
  reader: Reader,
  members: Map<string, TarMember>,
  name: string,
  tags: string[],
  depth: number,
  found: ImagePlan[],
): Promise<void> {
  if (depth > MAX_NESTING) throw new FormatError('malformed', 'OCI indexes nested too deep', ctx.location);
  const doc = (await readJson(reader, members, name, ctx.location)) as Record<string, unknown> | null;
  if (typeof doc !== 'object' || doc === null) throw new FormatError('malformed', `${name} is not an object`, ctx.location);
  if (Array.isArray(doc.layers)) {
    const configDigest = digestOf(blobPath((doc.config as Record<string, unknown> | undefined)?.digest));
    if (configDigest === undefined) throw new FormatError('malformed', `${name} has no config digest`, ctx.location);
    const layers = objects(doc.layers).map((l) => layerAt(members, blobPath(l.digest), digestOf(blobPath(l.digest)), ctx.location));
    if (found.length < MAX_IMAGES && !found.some((p) => p.id === configDigest)) found.push({ id: configDigest, repoTags: tags, layers });
    return;
  }
  for (const descriptor of objects(doc.manifests)) {
    await walkIndex(ctx, reader, members, blobPath(descriptor.digest), tags.length > 0 ? tags : tagsOf(descriptor), depth + 1, found);
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
