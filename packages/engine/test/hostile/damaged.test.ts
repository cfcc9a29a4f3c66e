// Damaged copies of real fixtures, scanned for real inside a box: the scan never throws,
// nothing lands outside its work dir, and each case's files and problems are exactly those
// recorded in damaged.expected.json (UPDATE_FIXTURES=1 rewrites it; reviewers read the diff).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { confinedScan, withBox } from './confined-scan.ts';
import { DAMAGE_FIXTURES, damagedCopies, readFixture } from './damage.ts';

const EXPECTED = fileURLToPath(new URL('./damaged.expected.json', import.meta.url));
const update = process.env.UPDATE_FIXTURES === '1';
const SEED = 0x5eed;

/** Per case: how many files the scan found and its problems as `code location`. */
type Outcome = { files: number; problems: string[] };
const expected: Record<string, Outcome> = existsSync(EXPECTED) ? (JSON.parse(readFileSync(EXPECTED, 'utf8')) as Record<string, Outcome>) : {};
const actual: Record<string, Outcome> = {};

describe('damaged fixtures', () => {
  for (const fixture of DAMAGE_FIXTURES.filter((f) => f.suite !== false)) {
    const sample = readFixture(fixture.path);
    for (const copy of damagedCopies(sample, fixture.fields, SEED)) {
      const id = `${fixture.path} ${copy.id}`;
      it(id, async () => {
        const out = await withBox((box) => confinedScan(box, basename(fixture.path), copy.bytes));
        expect(out.escaped).toEqual([]);
        actual[id] = { files: out.files.length, problems: out.problems };
        if (!update) expect(actual[id]).toEqual(expected[id]);
      });
    }
  }

  afterAll(() => {
    if (update) writeFileSync(EXPECTED, `${JSON.stringify(Object.fromEntries(Object.entries(actual).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
  });
});
