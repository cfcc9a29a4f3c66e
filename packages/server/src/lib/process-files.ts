import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const OWNED_NAME = /^(\d+)-/; // "<pid>-<anything>", e.g. "4711-a1b2c3" or "4711-0f8e….part"

/** The name prefix that marks a file or directory as this process's: "4711-". */
export function processPrefix(pid = process.pid): string {
  return `${pid}-`;
}

/**
 * Removes the entries of `dir` left by processes that are gone: those named `<pid>-…` whose
 * pid is not running, and those of our own pid, which at start can only be an earlier
 * process's (a container restarts its server under the same pid). Entries of live processes
 * and names without a pid are left alone. Returns the names removed.
 */
export async function removeDeadProcessEntries(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(OWNED_NAME.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || (pid !== process.pid && isProcessAlive(pid))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Signal 0 checks existence only: ESRCH means gone; EPERM means alive under another user. */
export function isProcessAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
