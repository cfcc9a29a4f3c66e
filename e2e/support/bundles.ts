// The CLI as the journeys run it, and the knowledge-base bundles they upload: `binlens db import`
// of feed files, then `binlens db export-bundle`. A worker runs its journey files one after
// another (e2e/vitest.config.ts), so a bundle of the same feeds is made once per worker, in a
// directory of the worker's own that goes when the worker exits.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './server-process.ts';

/** Runs `binlens ARGS` from the repository root; its output, or a rejection with it when the command fails. */
export function binlens(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, [join(repoRoot, 'packages/cli/bin/binlens.js'), ...args], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
}

export const FEED_FIXTURES = join(repoRoot, 'packages/vulndb/fixtures/feeds');

let bundleDir: string | undefined;
const made = new Map<string, Promise<string>>();

/**
 * The path of a bundle of `feeds` (files the importer reads by their name and content). Read
 * it, never change it: the journeys of this worker share it.
 */
export async function bundleOf(feeds: readonly string[]): Promise<string> {
  const key = await feedsKey(feeds);
  let bundle = made.get(key);
  if (bundle === undefined) {
    bundle = makeBundle(feeds, key);
    bundle.catch(() => made.delete(key));
    made.set(key, bundle);
  }
  return bundle;
}

async function feedsKey(feeds: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const feed of feeds) hash.update(`${basename(feed)}\0`).update(await readFile(feed)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

async function makeBundle(feeds: readonly string[], key: string): Promise<string> {
  // Under the key's own directory, so the file keeps the name a user would give it (the data page shows it).
  const dir = join(workerBundleDir(), key);
  await mkdir(dir);
  const dataDir = join(dir, 'cli-data');
  await binlens('db', 'import', '--data-dir', dataDir, ...feeds);
  const bundle = join(dir, 'knowledge-base.tar');
  await binlens('db', 'export-bundle', '--data-dir', dataDir, bundle);
  await rm(dataDir, { recursive: true, force: true });
  return bundle;
}

function workerBundleDir(): string {
  if (bundleDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'binlens-e2e-bundles-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundleDir = dir;
  }
  return bundleDir;
}
