// Applies an image's layers as a container runtime would, but top layer first, so
// that every byte is written once: a path seen in a higher layer shadows the lower
// ones; a whiteout `.wh.NAME` deletes NAME (and its subtree) below it; an opaque
// marker `DIR/.wh..wh..opq` hides everything lower layers put in DIR. Deleted files
// are still extracted (their contents were shipped) with `whiteout` naming the layer
// that deleted them; every file carries the digest of the layer it came from.
import { createGunzip, createZstdDecompress } from 'node:zlib';
import type { Readable } from 'node:stream';
import { pipeThrough } from '../../util/reader.ts';
import { SMALL_MEMBER_BYTES } from '../member-writer.ts';
import { describeStreamError, normalizeMemberPath } from '../safe-fs.ts';
import { FormatError } from '../types.ts';
import type { Blob, ImageContext } from './images.ts';
import { walkTarStream, type StreamEntry } from './tar-stream.ts';

export interface Layer {
  /** 64-hex digest from the layer's path. */
  digest: string;
  blob: Blob;
}

const OPAQUE = '.wh..wh..opq';
const WHITEOUT = '.wh.';

/** Extract the merged tree of `layers` (bottom first) under `prefix` (`''` or `name/`). */
export async function mergeLayers(ctx: ImageContext, layers: readonly Layer[], prefix: string): Promise<void> {
  const decided = new Map<string, string>(); // path → layer that decided it
  const whiteouts = new Map<string, string>(); // path deleted → layer of the whiteout
  const opaque = new Map<string, string>(); // directory hidden → layer of the marker
  for (const layer of [...layers].reverse()) {
    if (ctx.sink.stopped) return;
    const marks: [Map<string, string>, string][] = [];
    for await (const entry of located(walkTarStream(await layerStream(layer.blob), ctx.signal), ctx, layer)) {
      const normal = normalizeMemberPath(entry.path);
      const path = normal && 'path' in normal ? normal.path : undefined;
      const base = path?.slice(path.lastIndexOf('/') + 1) ?? '';
      const dir = path?.slice(0, Math.max(0, path.lastIndexOf('/'))) ?? '';
      if (base === OPAQUE) marks.push([opaque, dir]);
      else if (base.startsWith(WHITEOUT)) marks.push([whiteouts, dir === '' ? base.slice(4) : `${dir}/${base.slice(4)}`]);
      else if (path === undefined || (decided.get(path) ?? layer.digest) === layer.digest) {
        // Unsafe names go to the sink, which refuses them with a located problem.
        if (await put(ctx, entry, prefix, layer.digest, path === undefined ? undefined : deleter(path, whiteouts, opaque))) {
          if (path !== undefined) decided.set(path, layer.digest);
        }
      }
      if (ctx.sink.stopped) return;
    }
    // A layer's markers apply to the layers below it only.
    for (const [map, path] of marks) map.set(path, layer.digest);
  }
}

/**
 * The layer's members; a layer whose compressed stream breaks off (zlib's `unexpected end of
 * file`) ends the image as a located FormatError, as a broken tar header does.
 */
async function* located(entries: AsyncGenerator<StreamEntry>, ctx: ImageContext, layer: Layer): AsyncGenerator<StreamEntry> {
  try {
    yield* entries;
  } catch (error) {
    if (error instanceof FormatError || ctx.signal.aborted) throw error;
    const { code, message } = describeStreamError(error);
    throw new FormatError(code, `layer ${layer.digest.slice(0, 12)}: ${message}`, ctx.location);
  }
}

/** The layer that deleted `path`: a whiteout of it or of an ancestor, or an opaque ancestor. */
function deleter(path: string, whiteouts: Map<string, string>, opaque: Map<string, string>): string | undefined {
  const parts = path.split('/');
  for (let i = parts.length; i >= 1; i--) {
    const prefix = parts.slice(0, i).join('/');
    const byWhiteout = whiteouts.get(prefix);
    if (byWhiteout !== undefined) return byWhiteout;
    const byOpaque = i < parts.length ? opaque.get(prefix) : undefined;
    if (byOpaque !== undefined) return byOpaque;
  }
  return opaque.get('');
}

/** Hand one layer member to the sink; returns whether it is a file or link now recorded. */
async function put(ctx: ImageContext, entry: StreamEntry, prefix: string, layer: string, whiteout: string | undefined): Promise<boolean> {
  const options = whiteout === undefined ? { layer } : { layer, whiteout };
  const name = `${prefix}${entry.path}`;
  switch (entry.type) {
    case '0':
    case '\0':
    case '7': {
      // Most files of a root file system are small: taken whole, without a stream per file.
      const whole = await entry.readWhole(SMALL_MEMBER_BYTES);
      return whole ? ctx.sink.fileBytes(name, whole, options) : ctx.sink.file(name, () => entry.open(), options, ctx.signal);
    }
    case '1':
      // Hard link targets are layer-root relative: the merged root, under the same prefix.
      return ctx.sink.link(name, `${prefix}${entry.linkName}`, 'hardlink', options);
    case '2':
      return ctx.sink.link(name, entry.linkName, 'symlink', options);
    default:
      return false; // directories, devices and FIFOs hold no bytes
  }
}

/** The layer's tar as a stream: gzip and zstd layers (OCI) decoded by magic. */
async function layerStream(blob: Blob): Promise<Readable> {
  const magic = await blob.read(0, 4);
  const raw = blob.stream();
  if (magic[0] === 0x1f && magic[1] === 0x8b) return pipeThrough(raw, createGunzip());
  if (magic.equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) return pipeThrough(raw, createZstdDecompress());
  return raw;
}
