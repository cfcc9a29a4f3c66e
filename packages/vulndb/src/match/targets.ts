// What a component offers to match on: its version, its OSV package (from the purl), its
// distro source package (deb purls carry `upstream=<source>[@<source version>]`), and its
// CPE candidates.
import type { Component } from '@binlens/engine/model';
import { ANY, NA, type Cpe, parseCpe } from '../cpe/cpe.ts';
import { distroSourceOf } from '../kb/distro-releases.ts';
import type { DistroSourceKey } from '../kb/knowledge-base.ts';
import { parsePurl, versionWithEpoch } from '../purl/purl.ts';
import { type PackageKey, packageKeyOfPurl } from './package-key.ts';

export interface CpeCandidate {
  readonly text: string;
  readonly cpe: Cpe;
  /** The CPE's own version, else the component's; '' when unknown. */
  readonly version: string;
}

export interface MatchTargets {
  readonly component: Component;
  /** The component's version ('' when unknown). */
  readonly version: string;
  readonly pkg: PackageKey | null;
  readonly distro: { readonly key: DistroSourceKey; readonly version: string } | null;
  readonly cpes: readonly CpeCandidate[];
}

/** Debian releases by major version, as the tracker names them. */
const DEBIAN_CODENAMES: Readonly<Record<string, string>> = {
  7: 'wheezy', 8: 'jessie', 9: 'stretch', 10: 'buster', 11: 'bullseye', 12: 'bookworm', 13: 'trixie', 14: 'forky',
};

export function matchTargets(component: Component): MatchTargets {
  const purl = parsePurl(component.purl);
  const version = component.version !== '' ? component.version : (purl ? versionWithEpoch(purl) ?? '' : '');
  const cpes = component.cpes.flatMap((text): CpeCandidate[] => {
    const cpe = parseCpe(text);
    if (!cpe) return [];
    const own = cpe.version === ANY || cpe.version === NA ? '' : cpe.version;
    return [{ text, cpe, version: own !== '' ? own : version }];
  });
  let distro: MatchTargets['distro'] = null;
  if (purl?.type === 'deb') {
    const release = debianRelease(component, purl.qualifiers.distro);
    if (release !== null) {
      // Sample qualifier: upstream=zlib@1:1.2.13.dfsg-1 (a binNMU's source version), or upstream=glibc.
      const upstream = purl.qualifiers.upstream ?? '';
      const at = upstream.indexOf('@');
      const sourcePackage = (at >= 0 ? upstream.slice(0, at) : upstream) || purl.name;
      const sourceVersion = at >= 0 ? upstream.slice(at + 1) : version;
      distro = { key: { distro: 'debian', release, sourcePackage }, version: sourceVersion };
    }
  }
  // Alpine (secdb) and Ubuntu packages.
  distro ??= distroSourceOf(component, purl);
  return { component, version, pkg: purl ? packageKeyOfPurl(purl) : null, distro, cpes };
}

/** The tracker's codename for a Debian component, or null when it is not Debian. */
function debianRelease(component: Component, qualifier: string | undefined): string | null {
  let name = component.distro?.name ?? '';
  let release = component.distro?.release ?? '';
  if (name === '' && qualifier) {
    // Sample: distro=debian-12
    const m = /^([a-z]+)-?(.*)$/.exec(qualifier);
    name = m?.[1] ?? '';
    release = m?.[2] ?? '';
  }
  if (name !== 'debian') return null;
  if (release === '' || release === 'sid' || release === 'unstable') return 'sid';
  const major = release.split('.')[0] ?? '';
  return DEBIAN_CODENAMES[major] ?? (/^[a-z]+$/.test(release) ? release : null);
}
