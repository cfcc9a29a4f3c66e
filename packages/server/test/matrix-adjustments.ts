// What the permission matrix's override and move rows (test/permission-matrix.ts) need of the
// fixture scan: lodash's package.json with its SHA-1 (what a version override is keyed by), and
// a second component, left-pad, whose files moves take one at a time, so that a move a denied
// caller leaves behind never stops the next caller's.
import { createHash } from 'node:crypto';
import type { FileEntry } from '@binlens/engine/model';
import { component, type Findings } from './fake-engine.ts';

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

const file = (path: string[], name: string): FileEntry => ({ path, size: name.length, sha1: digest('sha1', name), sha256: digest('sha256', name) });

const LODASH_FILE = file(['upload', 'node_modules/lodash/package.json'], 'lodash package.json');
const LEFT_PAD_FILES = Array.from({ length: 40 }, (_, i) => file(['upload', `node_modules/left-pad/lib/part${i}.js`], `left-pad part ${i}`));

export const LODASH_FILE_SHA1 = LODASH_FILE.sha1;
export const LEFT_PAD_UID = 'JS:left-pad@1.3.0';
export const LODASH_UID = 'JS:lodash@4.17.20';

/** Added to the fixture scan's findings beside lodash. */
export const MATRIX_ADJUSTABLE: Required<Pick<Findings, 'components' | 'files'>> = {
  components: [component({
    name: 'left-pad',
    version: '1.3.0',
    evidence: LEFT_PAD_FILES.map((entry) => ({ method: 'package-metadata' as const, foundBy: 'npm', path: entry.path })),
  })],
  files: [LODASH_FILE, ...LEFT_PAD_FILES],
};

const taken = new WeakMap<object, number>();

/** A left-pad file no earlier move of these fixtures took. */
export function nextLeftPadSha1(fixtures: object): string {
  const next = taken.get(fixtures) ?? 0;
  taken.set(fixtures, next + 1);
  const entry = LEFT_PAD_FILES[next];
  if (!entry) throw new Error('the matrix moved every left-pad file: give the fixture more');
  return entry.sha1;
}
