// Scans one hostile input inside a box of its own and checks that nothing escaped:
// box/input/<name> is the input, box/work the scan's temp dir; the whole box is listed
// before and after, so a member written through `../` or an absolute path into the box
// (the generators aim their absolute names there) shows up as a difference.
import { lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '../../src/index.ts';
import type { Identification } from '../../src/model/index.ts';
import { escapeText } from '../../src/util/escape-text.ts';

export interface ConfinedOutcome {
  /** Every file below the input: `path joined by /` (escaped), ` -> target` for links. */
  files: string[];
  /** `code location` of every problem, location escaped and joined by ` > `. */
  problems: string[];
  /** Entries of the box that changed (created or removed) during the scan. */
  escaped: string[];
}

/** A fresh box for one case; `run` is given its path. The box is removed afterwards. */
export async function withBox<T>(run: (box: string) => Promise<T>): Promise<T> {
  const box = await mkdtemp(join(tmpdir(), 'binlens-hostile-'));
  try {
    return await run(box);
  } finally {
    await rm(box, { recursive: true, force: true });
  }
}

/** Writes `bytes` as box/input/<name>, scans it with box/work as temp dir, lists the box around it. */
export async function confinedScan(box: string, name: string, bytes: Buffer): Promise<ConfinedOutcome> {
  await mkdir(join(box, 'input'));
  await mkdir(join(box, 'work'));
  const input = join(box, 'input', name);
  await writeFile(input, bytes);
  const before = await listing(box);
  const id = await scan(input, { tempDir: join(box, 'work') });
  const after = await listing(box);
  const escaped = [...after.filter((e) => !before.includes(e)).map((e) => `+${e}`), ...before.filter((e) => !after.includes(e)).map((e) => `-${e}`)];
  return { ...describe(id), escaped };
}

/** What a scan found, in the form the cases assert. */
export function describe(id: Identification): Omit<ConfinedOutcome, 'escaped'> {
  return {
    files: id.files.filter((f) => f.path.length > 0).map((f) => escapeText(f.path.join('/')) + (f.linkTarget === undefined ? '' : ` -> ${escapeText(f.linkTarget)}`)),
    problems: id.problems.map((p) => `${p.code} ${escapeText(p.location.join(' > '))}`),
  };
}

/** Every path under `dir` (relative, `/` for directories), sorted; links are listed, never followed. */
export async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const out = await Promise.all(entries.map(async (e) => ((await lstat(join(dir, e))).isDirectory() ? `${e}/` : e)));
  return out.sort();
}
