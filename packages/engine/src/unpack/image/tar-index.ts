// The member index of a container-image archive (docker save, OCI archive): a
// walk over the outer tar's headers only, never its data. The walk gives up at
// the first member name an image archive never holds (`etc/`, `usr/bin/ls`), so
// asking "is this tar an image?" costs one or two header reads for a plain tar.
import type { Reader } from '../../util/reader.ts';
import { parseHeader, parsePax, verifyChecksum } from '../layouts/tar-header.ts';

const BLOCK = 512;
/** Image archives hold a few files per layer; more members than this is not one. */
const MAX_MEMBERS = 20_000;
const MAX_META = 64 * 1024;

export interface TarMember {
  /** Offset of the member's data in the archive. */
  offset: number;
  size: number;
}

/**
 * Names an image archive holds. Samples: `manifest.json`, `repositories`, `oci-layout`,
 * `index.json`, `blobs/sha256/<64 hex>`, `<64 hex>/layer.tar`, `<64 hex>/json`,
 * `<64 hex>/VERSION`, `<64 hex>.json` (the image config of docker < 25).
 */
const IMAGE_MEMBER =
  /^(manifest\.json|repositories|oci-layout|index\.json|blobs(\/sha256(\/[0-9a-f]{64})?)?|[0-9a-f]{64}(\.json|\/(layer\.tar|json|VERSION)?)?)$/;

/**
 * Regular members of `reader` (a tar) by normalised name, or null when the tar holds
 * a member no image archive holds, or is not a readable tar.
 */
export async function indexImageTar(reader: Reader, start = 0, end = reader.size): Promise<Map<string, TarMember> | null> {
  const members = new Map<string, TarMember>();
  let pos = start;
  let longName: string | undefined;
  while (pos + BLOCK <= end) {
    if (members.size > MAX_MEMBERS) return null;
    const block = await reader.read(pos, BLOCK);
    if (block.every((b) => b === 0)) break;
    if (!verifyChecksum(block)) return null;
    const header = parseHeader(block);
    if (header === undefined) return null;
    const dataStart = pos + BLOCK;
    pos = dataStart + Math.ceil(header.size / BLOCK) * BLOCK;
    if (header.type === 'L' || header.type === 'x') {
      if (header.size > MAX_META) return null;
      const meta = await reader.read(dataStart, header.size);
      longName = header.type === 'L' ? meta.toString('utf8').replace(/\0.*$/s, '') : parsePax(meta)?.path;
      continue;
    }
    const name = (longName ?? header.path).split('/').filter((p) => p !== '' && p !== '.').join('/');
    longName = undefined;
    if (name === '') continue;
    if (!IMAGE_MEMBER.test(name)) return null;
    if (header.type === '0' || header.type === '\0' || header.type === '7') members.set(name, { offset: dataStart, size: header.size });
  }
  return members;
}

/** The 64-hex digest in a layer or config path: `blobs/sha256/<hex>`, `<hex>/layer.tar`, `<hex>.json`. */
export function digestOf(path: string): string | undefined {
  // Sample: `blobs/sha256/9f1c3b0c8d7e...` (64 hex digits).
  return /(?:^|\/)([0-9a-f]{64})(?:$|\/|\.json$)/.exec(path)?.[1];
}
