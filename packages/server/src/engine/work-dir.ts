// Where scans unpack: `<data>/work/<pid>-<random>/`, one directory per server process, inside
// which the engine makes a directory per scan. A process killed mid-scan leaves its directory
// behind; the next start removes those of dead processes and never another live one's.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { processPrefix, removeDeadProcessEntries } from '../lib/process-files.ts';

export interface WorkDir {
  path: string;
  /** Names of dead processes' directories removed at start. */
  removed: string[];
  remove(): Promise<void>;
}

export async function createWorkDir(root: string): Promise<WorkDir> {
  const removed = await removeDeadProcessEntries(root);
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, processPrefix()));
  return { path: dir, removed, remove: () => rm(dir, { recursive: true, force: true }) };
}
