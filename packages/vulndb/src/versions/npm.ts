// npm versions by node-semver itself, the implementation npm and the registry use: it accepts
// what they accept (a leading `v`: "v1.2.3") and orders prereleases and build metadata
// as npm does, so a range bound reads the same here as in `npm install`.
import semverLib from 'semver';
import type { SemVer } from 'semver';
import { defineScheme } from './fallback.ts';
import { sign } from './types.ts';

function parseNpm(v: string): SemVer | null {
  return semverLib.parse(v.trim());
}

/** npm (OSV ecosystem `npm`): node-semver's `parse` and `compare`, strict mode. */
export const npm = defineScheme('npm', parseNpm, (a, b) => sign(a.compare(b)));

