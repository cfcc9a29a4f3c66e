// Shared by the docker-save and OCI unpackers: read the archive's JSON documents,
// then extract each image's merged tree and record the image.
import type { Reader } from '../../util/reader.ts';
import type { ExtractContext } from '../types.ts';
import { FormatError } from '../types.ts';
import { mergeLayers, type Layer } from './merge-layers.ts';
import type { TarMember } from './tar-index.ts';

/** Manifests and configs are small; a huge one is an attack. */
const MAX_JSON = 4 * 1024 * 1024;

export interface ImagePlan {
  id: string;
  repoTags: string[];
  layers: Layer[];
}

/** The JSON document stored at `name`, or a FormatError saying what is wrong. */
export async function readJson(reader: Reader, members: Map<string, TarMember>, name: string, location: string[]): Promise<unknown> {
  const member = members.get(name);
  if (member === undefined) throw new FormatError('malformed', `image archive has no ${name}`, location);
  if (member.size > MAX_JSON) throw new FormatError('malformed', `${name} is ${member.size} bytes`, location);
  const text = (await reader.read(member.offset, member.size)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FormatError('malformed', `${name} is not JSON`, location);
  }
}

/** The layer at `path` in the archive, named by the digest in its path. */
export function layerAt(members: Map<string, TarMember>, path: string, digest: string | undefined, location: string[]): Layer {
  const member = members.get(path);
  if (member === undefined || digest === undefined) throw new FormatError('malformed', `layer ${path} is missing from the archive`, location);
  return { digest, member };
}

/** Every image's merged tree: at the root for one image, under `<id 12>/` for several. */
export async function extractImages(ctx: ExtractContext, plans: readonly ImagePlan[]): Promise<void> {
  for (const plan of plans) {
    ctx.sink.image({ path: ctx.location, id: plan.id, repoTags: plan.repoTags, layers: plan.layers.map((l) => l.digest) });
  }
  for (const plan of plans) {
    await mergeLayers(ctx, plan.layers, plans.length > 1 ? `${plan.id.slice(0, 12)}/` : '');
  }
}

/** `value` as an array of objects (untrusted JSON). */
export function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
