import { defineScheme } from './fallback.ts';
import { compareSemverParts, parseSemver, type SemverParts } from './semver.ts';

// Go module versions are SemVer with a "v" prefix. Pseudo-versions such as
// "v0.0.0-20191109021931-daa7c04131f5" or "v1.2.4-0.20191109021931-daa7c04131f5"
// are ordinary prereleases and sort correctly as such, and "+incompatible"
// is build metadata. Go also accepts the shorthands "v1" and "v1.2".
// Sample: "v2" -> "2.0.0"; "v1.2" -> "1.2.0".
const SHORTHAND_RE = /^(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?$/;

function parseGo(v: string): SemverParts | null {
  // OSV's Go ecosystem writes versions without the "v" ("1.6.0"), modules with it.
  const text = v.trim().replace(/^v/, '');
  const short = SHORTHAND_RE.exec(text);
  if (short !== null) return { core: [short[1] ?? '0', short[2] ?? '0', '0'], prerelease: [] };
  return parseSemver(text);
}

/** Go modules (golang.org/x/mod/semver order), with or without the "v". */
export const go = defineScheme('go', parseGo, (a, b) => compareSemverParts(a, b));
