// Writes `docker save` archives for tests as docker 25+ lays them out: manifest.json,
// the config and every layer tar as `blobs/sha256/<digest>`, the config's history one
// build step per layer. Whiteouts are ordinary layer members named `.wh.NAME`.
import { createHash } from 'node:crypto';
import { type TarEntry, buildTar } from './tar.ts';

export interface SavedImage {
  archive: Buffer;
  /** sha256 of each layer tar, bottom first: the digests the engine records as `layer` and `whiteout`. */
  layers: string[];
}

export function buildDockerSave(layers: TarEntry[][], repoTag = 'binlens/test:1'): SavedImage {
  const tars = layers.map((entries) => buildTar(entries));
  const digests = tars.map(sha256);
  const config = JSON.stringify({
    architecture: 'amd64',
    os: 'linux',
    rootfs: { type: 'layers', diff_ids: digests.map((d) => `sha256:${d}`) },
    history: digests.map((_, i) => ({ created: '2024-01-01T00:00:00Z', created_by: `RUN step ${i + 1}` })),
  });
  const manifest = JSON.stringify([{ Config: `blobs/sha256/${sha256(config)}`, RepoTags: [repoTag], Layers: digests.map((d) => `blobs/sha256/${d}`) }]);
  const archive = buildTar([
    { name: 'blobs/sha256/', type: '5' },
    ...tars.map((data, i) => ({ name: `blobs/sha256/${digests[i] ?? ''}`, data })),
    { name: `blobs/sha256/${sha256(config)}`, data: config },
    { name: 'manifest.json', data: manifest },
  ]);
  return { archive, layers: digests };
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}
