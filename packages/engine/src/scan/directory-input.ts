// A directory as the scan's input: every regular file under it becomes a member of
// the input (extended path `['usr/bin/x']`), read in place and never written. Links
// are recorded as `linkTarget` and never followed, so no walk can leave the directory
// or loop; sockets, FIFOs and devices are skipped. The input's hashes are those of its
// listing (path and sha256 of every file, in path order), so the same tree gives the
// same hashes wherever it lies. An OCI image layout among the members (`oci-layout`,
// `index.json`, `blobs/`) is merged by the extract stage (unpack/image/layout-files.ts).
import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../model/index.ts';
import { compareStrings } from '../identify/component.ts';
import type { LimitTracker } from '../unpack/limits.ts';
import { hashFile } from './hash.ts';
import type { TreeFile } from './tree.ts';

export const DIRECTORY_FORMAT = 'directory';
const PLUGIN = 'engine/directory';

export interface DirectoryInput {
  members: TreeFile[];
  size: number;
  sha1: string;
  sha256: string;
  problems: Problem[];
}

export async function readDirectoryInput(root: string, tracker: LimitTracker, signal: AbortSignal): Promise<DirectoryInput> {
  const members: TreeFile[] = [];
  const problems: Problem[] = [];
  let size = 0;
  // Depth-first, names sorted; members end up in path order, whatever the file system's order.
  const pending: string[] = [''];
  while (pending.length > 0) {
    signal.throwIfAborted();
    const dir = pending.pop() ?? '';
    let entries: Dirent[];
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true });
    } catch (err) {
      problems.push(unreadable(dir, err));
      continue;
    }
    const sorted = entries.sort((a, b) => compareStrings(a.name, b.name));
    const subdirs: string[] = [];
    for (const entry of sorted) {
      const inner = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        subdirs.push(inner);
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const refused = tracker.takeFile();
      if (refused) {
        problems.push({ level: 'warning', location: [inner], plugin: PLUGIN, code: 'limit-exceeded', message: `directory not read further: ${refused}` });
        return finish(members, size, problems);
      }
      const member = await readMember(root, inner, entry.isSymbolicLink(), signal).catch((err: unknown) => {
        if (signal.aborted) throw err;
        problems.push(unreadable(inner, err));
        return undefined;
      });
      if (!member) continue;
      members.push(member);
      size += member.entry.size;
    }
    pending.push(...subdirs.reverse());
  }
  return finish(members, size, problems);
}

async function readMember(root: string, inner: string, isLink: boolean, signal: AbortSignal): Promise<TreeFile> {
  const diskPath = join(root, inner);
  if (isLink) {
    const linkTarget = await readlink(diskPath);
    return { entry: { path: [inner], size: 0, sha1: '', sha256: '', linkTarget }, depth: 1, innerPath: inner, linkKind: 'symlink' };
  }
  const info = await lstat(diskPath);
  const hashes = await hashFile(diskPath, signal);
  return { entry: { path: [inner], size: info.size, ...hashes }, diskPath, depth: 1, innerPath: inner };
}

function finish(members: TreeFile[], size: number, problems: Problem[]): DirectoryInput {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  members.sort((a, b) => compareStrings(a.innerPath, b.innerPath));
  for (const m of members) {
    const line = `${m.innerPath}\0${m.entry.linkTarget ?? m.entry.sha256}\n`;
    sha1.update(line);
    sha256.update(line);
  }
  return { members, size, sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), problems };
}

function unreadable(inner: string, err: unknown): Problem {
  return { level: 'warning', location: inner === '' ? [] : [inner], plugin: PLUGIN, code: 'unreadable', message: (err as Error).message };
}
