import { defineScheme } from './fallback.ts';
import { comparePrereleaseIdentifier, compareSemverParts, type SemverParts } from './semver.ts';
import type { Ordering } from './types.ts';

// NuGetVersion: 1 to 4 numeric parts (leading zeros allowed), an optional
// prerelease and metadata. Sample: "1.0.0.1-Beta.2+sha.8e3a4" -> 1.0.0.1,
// prerelease ["Beta","2"]; "4.6" = "4.6.0" = "4.6.0.0".
const NUGET_RE = /^(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function parseNuget(v: string): SemverParts | null {
  const m = NUGET_RE.exec(v.trim());
  if (m === null) return null;
  const core = (m[1] ?? '0').split('.');
  while (core.length < 4) core.push('0');
  return { core, prerelease: m[2] === undefined ? [] : m[2].split('.') };
}

// NuGet compares prerelease labels case-insensitively: 1.0.0-BETA = 1.0.0-beta.
function compareIdentifierIgnoreCase(x: string, y: string): Ordering {
  return comparePrereleaseIdentifier(x.toLowerCase(), y.toLowerCase());
}

/** NuGet (SemVer 2 with a 4th part, case-insensitive prerelease). */
export const nuget = defineScheme('nuget', parseNuget, (a, b) =>
  compareSemverParts(a, b, compareIdentifierIgnoreCase),
);
