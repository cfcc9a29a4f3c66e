// One key per package across feeds and components: OSV's ecosystem name plus the
// package name normalised the way the ecosystem compares names, so that a purl from the
// engine and an OSV `affected[].package` meet in one index lookup.
import type { Purl } from '../purl/purl.ts';

export interface PackageKey {
  /** OSV ecosystem without the release suffix: `npm`, `PyPI`, `Debian`. */
  readonly ecosystem: string;
  readonly name: string;
}

/** Normalises a package name for its ecosystem (PEP 503 for PyPI; case-insensitive registries lower-cased). */
export function normalizePackageName(ecosystem: string, name: string): string {
  switch (ecosystem) {
    // PEP 503: runs of "-", "_", "." are one "-", case-insensitive. Sample: Jinja2 → jinja2, zope.interface → zope-interface.
    case 'PyPI': return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'NuGet':
    case 'Packagist':
    case 'crates.io':
      return name.toLowerCase();
    default: return name;
  }
}

/** OSV ecosystem base of an ecosystem string (`Debian:12` → `Debian`). */
export function ecosystemBase(ecosystem: string): string {
  return ecosystem.split(':')[0] ?? ecosystem;
}

const PURL_ECOSYSTEMS: Readonly<Record<string, string>> = {
  cargo: 'crates.io',
  composer: 'Packagist',
  // Vendor advisories name vendor components by generic purl (pkg:generic/acme/acme-firmware).
  generic: 'generic',
  gem: 'RubyGems',
  golang: 'Go',
  hex: 'Hex',
  maven: 'Maven',
  npm: 'npm',
  nuget: 'NuGet',
  pub: 'Pub',
  pypi: 'PyPI',
};

/** The OSV package a language-package purl names, or null (distro and unknown types). */
export function packageKeyOfPurl(purl: Purl): PackageKey | null {
  const ecosystem = PURL_ECOSYSTEMS[purl.type];
  if (ecosystem === undefined) return null;
  const ns = purl.namespace.join('/');
  let name: string;
  if (purl.type === 'maven') name = ns === '' ? purl.name : `${ns}:${purl.name}`;
  else name = ns === '' ? purl.name : `${ns}/${purl.name}`;
  return { ecosystem, name: normalizePackageName(ecosystem, name) };
}
