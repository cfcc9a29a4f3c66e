// Shared by the docker-save and OCI unpackers and by OCI layout directories: read
// the image's JSON documents from a blob store, then extract each image's merged
// tree and record the image.
import type { Readable } from 'node:stream';
import type { Reader } from '../../util/reader.ts';
import type { LayerHistory } from '../../model/index.ts';
import type { ExtractContext } from '../types.ts';
import { FormatError } from '../types.ts';
import { layerHistory } from './image-history.ts';
import { mergeLayers, type Layer } from './merge-layers.ts';
import type { TarMember } from './tar-index.ts';

/** Manifests and configs are small; a huge one is an attack. */
const MAX_JSON = 4 * 1024 * 1024;

export interface ImagePlan {
  id: string;
  repoTags: string[];
  layers: Layer[];
  /** Where the image config is stored (`<id>.json`, `blobs/sha256/<id>`): its history names each layer's build step. */
  config: string;
}

/** A document or layer of an image, wherever it is stored (a tar member, a file). */
export interface Blob {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  stream(): Readable;
}

/** The blob stored under a normalised name (`index.json`, `blobs/sha256/<hex>`), if any. */
export type BlobStore = (name: string) => Blob | undefined;

/** What merging needs of an extraction: where to put files, where they are, how to stop. */
export type ImageContext = Pick<ExtractContext, 'sink' | 'signal' | 'location' | 'report'>;

/** The members of an image tar as blobs. */
export function tarBlobs(reader: Reader, members: Map<string, TarMember>): BlobStore {
  return (name) => {
    const member = members.get(name);
    if (member === undefined) return undefined;
    const end = member.offset + member.size;
    return {
      size: member.size,
      read: (offset, length) => reader.read(member.offset + offset, Math.max(0, Math.min(length, member.size - offset))),
      stream: () => reader.stream(member.offset, end),
    };
  };
}

/** The JSON document stored at `name`, or a FormatError saying what is wrong. */
export async function readJson(store: BlobStore, name: string, location: string[]): Promise<unknown> {
  const blob = store(name);
  if (blob === undefined) throw new FormatError('malformed', `image archive has no ${name}`, location);
  if (blob.size > MAX_JSON) throw new FormatError('malformed', `${name} is ${blob.size} bytes`, location);
  const text = (await blob.read(0, blob.size)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FormatError('malformed', `${name} is not JSON`, location);
  }
}

/** The layer at `path` in the archive, named by the digest in its path. */
export function layerAt(store: BlobStore, path: string, digest: string | undefined, location: string[]): Layer {
  const blob = store(path);
  if (blob === undefined || digest === undefined) throw new FormatError('malformed', `layer ${path} is missing from the archive`, location);
  return { digest, blob };
}

/** Every image's merged tree: at `prefix` for one image, under `<prefix><id 12>/` for several. */
export async function extractImages(ctx: ImageContext, store: BlobStore, plans: readonly ImagePlan[], prefix = ''): Promise<void> {
  for (const plan of plans) {
    const history = await historyOf(ctx, store, plan);
    ctx.sink.image({ path: ctx.location, id: plan.id, repoTags: plan.repoTags, layers: plan.layers.map((l) => l.digest), ...(history ? { layerHistory: history } : {}) });
  }
  for (const plan of plans) {
    await mergeLayers(ctx, plan.layers, plans.length > 1 ? `${prefix}${plan.id.slice(0, 12)}/` : prefix);
  }
}

/**
 * The build step of each layer from the image config; a missing or unreadable config is a
 * warning (the merged tree does not need it) and leaves the steps unknown.
 */
async function historyOf(ctx: ImageContext, store: BlobStore, plan: ImagePlan): Promise<LayerHistory[] | undefined> {
  try {
    return layerHistory(await readJson(store, plan.config, ctx.location), plan.layers.length);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    ctx.report({ level: 'warning', location: ctx.location, code: error.code, message: `${error.message}: the layers' build steps are unknown` });
    return undefined;
  }
}

/** `value` as an array of objects (untrusted JSON). */
export function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
