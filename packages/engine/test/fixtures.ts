// The fixture tree: fixtures/<area>/<name>/ holds make.sh, the one input it made, and expected.json.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Identification } from '../src/model/index.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface Fixture {
  id: string;
  dir: string;
  input: string;
  expected: string;
}

export function listFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const area of readdirSync(FIXTURES_DIR).sort()) {
    for (const name of readdirSync(join(FIXTURES_DIR, area)).sort()) {
      const dir = join(FIXTURES_DIR, area, name);
      const inputs = readdirSync(dir).filter((f) => f !== 'make.sh' && f !== 'expected.json' && statSync(join(dir, f)).isFile());
      if (inputs.length !== 1) throw new Error(`fixture ${area}/${name} must hold exactly one input, has ${inputs.join(', ')}`);
      out.push({ id: `${area}/${name}`, dir, input: join(dir, inputs[0] ?? ''), expected: join(dir, 'expected.json') });
    }
  }
  return out;
}

/** What expected.json holds: the Identification without its run times and the settings it ran with (pipeline.test.ts). */
export function snapshot(id: Identification): Omit<Identification, 'startedAt' | 'finishedAt' | 'analysis'> {
  const { startedAt: _s, finishedAt: _f, analysis: _a, ...rest } = id;
  return rest;
}
