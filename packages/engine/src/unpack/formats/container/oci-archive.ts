// OCI image layout in a tar (`oci-layout`, `index.json`, `blobs/sha256/...`), as
// written by `skopeo copy ... oci-archive:`, buildah and BuildKit. The index walk is
// shared with layout directories (image/oci-index.ts).
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { indexImageTar } from '../../image/tar-index.ts';
import { extractImages, tarBlobs } from '../../image/images.ts';
import { ociPlans } from '../../image/oci-index.ts';

export const ociArchive: Unpacker = {
  name: 'container/oci-archive',
  version: 2,
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
    const store = tarBlobs(ctx.reader, members);
    await extractImages(ctx, store, await ociPlans(store, ctx.location));
  },
};
