import { alpine } from './alpine.ts';
import { composer } from './composer.ts';
import { debian } from './debian.ts';
import { generic } from './generic.ts';
import { go } from './go.ts';
import { maven } from './maven.ts';
import { npm } from './npm.ts';
import { nuget } from './nuget.ts';
import { pep440 } from './pep440.ts';
import { rpm } from './rpm.ts';
import { rubygems } from './rubygems.ts';
import { semver } from './semver.ts';
import type { VersionScheme } from './types.ts';

export interface EcosystemScheme {
  /** The ecosystem exactly as OSV spells it. */
  readonly ecosystem: string;
  readonly scheme: VersionScheme;
}

/** Every version scheme, sorted by name. */
export const VERSION_SCHEMES: readonly VersionScheme[] = [
  alpine, composer, debian, generic, go, maven, npm, nuget, pep440, rpm, rubygems, semver,
];

/** OSV ecosystem names to version schemes, sorted by ecosystem. */
export const ECOSYSTEM_SCHEMES: readonly EcosystemScheme[] = [
  { ecosystem: 'AlmaLinux', scheme: rpm },
  { ecosystem: 'Alpine', scheme: alpine },
  { ecosystem: 'Debian', scheme: debian },
  { ecosystem: 'Go', scheme: go },
  { ecosystem: 'Maven', scheme: maven },
  { ecosystem: 'NuGet', scheme: nuget },
  { ecosystem: 'Packagist', scheme: composer },
  { ecosystem: 'PyPI', scheme: pep440 },
  { ecosystem: 'Red Hat', scheme: rpm },
  { ecosystem: 'Rocky Linux', scheme: rpm },
  { ecosystem: 'RubyGems', scheme: rubygems },
  { ecosystem: 'SUSE', scheme: rpm },
  { ecosystem: 'Ubuntu', scheme: debian },
  { ecosystem: 'crates.io', scheme: semver },
  { ecosystem: 'generic', scheme: generic },
  { ecosystem: 'npm', scheme: npm },
  { ecosystem: 'openSUSE', scheme: rpm },
];

/**
 * The scheme for an OSV ecosystem, or null. OSV qualifies distro ecosystems
 * with a release ("Debian:12", "Alpine:v3.19", "Red Hat:enterprise_linux:9"),
 * so everything from the first colon on is ignored.
 */
export function schemeForEcosystem(ecosystem: string): VersionScheme | null {
  // Asked for every range row at every evaluation, of a few hundred names at most.
  const known = SCHEME_OF.get(ecosystem);
  if (known !== undefined) return known;
  const base = ecosystem.split(':')[0] ?? '';
  const scheme = ECOSYSTEM_SCHEMES.find((entry) => entry.ecosystem === base)?.scheme ?? null;
  if (SCHEME_OF.size >= 1000) SCHEME_OF.clear();
  SCHEME_OF.set(ecosystem, scheme);
  return scheme;
}

const SCHEME_OF = new Map<string, VersionScheme | null>();

/** The scheme registered under a scheme name (`debian`, `pep440`, ...), or null. */
export function schemeByName(name: string): VersionScheme | null {
  return VERSION_SCHEMES.find((scheme) => scheme.name === name) ?? null;
}
