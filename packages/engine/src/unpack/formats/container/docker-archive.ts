// `docker save` archives: a tar holding manifest.json (one entry per image: Config,
// RepoTags, Layers bottom first) with the layers as `<id>/layer.tar` (docker < 25)
// or `blobs/sha256/<digest>` (docker 25+, which also writes an OCI index.json).
// The output is each image's merged file system, layers applied with whiteouts; each image's
// config (`Config`) names the build step of each layer.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { digestOf, indexImageTar } from '../../image/tar-index.ts';
import { extractImages, layerAt, objects, readJson, strings, tarBlobs, type BlobStore, type ImagePlan } from '../../image/images.ts';

export const dockerArchive: Unpacker = {
  name: 'container/docker-archive',
  version: 2,
  specialises: 'archive/tar',
  async identify(head, reader) {
    if (head.length < 512 || head.toString('latin1', 257, 262) !== 'ustar') return null;
    const members = await indexImageTar(reader);
    return members?.has('manifest.json') ? { start: 0, end: reader.size } : null;
  },
  async extract(ctx) {
    const members = await indexImageTar(ctx.reader, ctx.chunk.start, ctx.chunk.end);
    if (members === null) throw new FormatError('malformed', 'not a docker-save archive', ctx.location);
    const store = tarBlobs(ctx.reader, members);
    await extractImages(ctx, store, plans(ctx, store, await readJson(store, 'manifest.json', ctx.location)));
  },
};

function plans(ctx: ExtractContext, store: BlobStore, manifest: unknown): ImagePlan[] {
  const entries = objects(manifest);
  if (entries.length === 0) throw new FormatError('malformed', 'manifest.json lists no image', ctx.location);
  return entries.map((entry) => {
    const config = typeof entry.Config === 'string' ? entry.Config : '';
    const id = digestOf(config);
    if (id === undefined) throw new FormatError('malformed', `manifest.json Config "${config}" names no digest`, ctx.location);
    const layers = strings(entry.Layers).map((path) => layerAt(store, path, digestOf(path), ctx.location));
    return { id, repoTags: strings(entry.RepoTags), layers, config };
  });
}
