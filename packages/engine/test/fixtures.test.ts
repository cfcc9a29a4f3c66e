// Scans every fixture and compares with its expected.json. UPDATE_FIXTURES=1 rewrites
// the expectations; reviewers read the diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scan } from '../src/index.ts';
import { listFixtures, snapshot } from './fixtures.ts';

const update = process.env.UPDATE_FIXTURES === '1';

describe('fixtures', () => {
  for (const fixture of listFixtures()) {
    it(fixture.id, async () => {
      const actual = snapshot(await scan(fixture.input));
      if (update) writeFileSync(fixture.expected, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(fixture.expected), `${fixture.expected} missing: run with UPDATE_FIXTURES=1`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(fixture.expected, 'utf8')));
    });
  }
});
