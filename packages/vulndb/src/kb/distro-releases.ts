// How a distro package names its distro tracker entry, for the trackers other than
// Debian's (match/targets.ts reads Debian itself): Alpine secdb keys releases `v3.19`,
// Ubuntu `22.04`. Also the version scheme each tracker's fixed versions are written in.
import type { Component } from '@binlens/engine/model';
import type { Purl } from '../purl/purl.ts';
import { alpine } from '../versions/alpine.ts';
import { debian } from '../versions/debian.ts';
import type { VersionScheme } from '../versions/types.ts';
import type { DistroSourceKey } from './knowledge-base.ts';

export interface DistroSource {
  readonly key: DistroSourceKey;
  /** The source package's version, compared with the tracker's fixed versions. */
  readonly version: string;
}

/** The scheme of a distro's package versions: apk for Alpine, dpkg for Debian and Ubuntu. */
export function distroScheme(distro: string): VersionScheme {
  return distro === 'alpine' ? alpine : debian;
}

/**
 * The Alpine or Ubuntu tracker entry of a distro package: its release as the tracker
 * names it and its source (origin) package, from the `upstream` qualifier when the
 * binary package is named differently. Null for anything else, Debian included.
 */
export function distroSourceOf(component: Component, purl: Purl | null): DistroSource | null {
  if (!purl) return null;
  const { name, release } = distroOf(component, purl.qualifiers.distro);
  let trackerRelease: string | null = null;
  if (purl.type === 'apk' && name === 'alpine') trackerRelease = alpineRelease(release);
  else if (purl.type === 'deb' && name === 'ubuntu') trackerRelease = ubuntuRelease(release);
  if (trackerRelease === null) return null;
  // Sample qualifier: upstream=openssl (apk origin), upstream=glibc@2.35-0ubuntu3.6 (a deb source with its version).
  const upstream = purl.qualifiers.upstream ?? '';
  const at = upstream.indexOf('@');
  const sourcePackage = (at >= 0 ? upstream.slice(0, at) : upstream) || purl.name;
  const version = at >= 0 ? upstream.slice(at + 1) : component.version || (purl.version ?? '');
  return { key: { distro: name, release: trackerRelease, sourcePackage }, version };
}

function distroOf(component: Component, qualifier: string | undefined): { name: string; release: string } {
  if (component.distro?.name) return { name: component.distro.name, release: component.distro.release };
  // Samples: distro=alpine-3.19.1, distro=ubuntu-22.04.
  const m = /^([a-z]+)-(.*)$/.exec(qualifier ?? '');
  return { name: m?.[1] ?? '', release: m?.[2] ?? '' };
}

/** `3.19.1` → `v3.19`; a development snapshot (`3.20_alpha20240315`, `edge`) → `edge`. */
function alpineRelease(release: string): string | null {
  if (release === 'edge' || /_alpha|_beta/.test(release)) return 'edge';
  // Sample: "3.19.1" → "3", "19".
  const m = /^(\d+)\.(\d+)/.exec(release);
  return m ? `v${m[1]}.${m[2]}` : null;
}

/** `22.04` (also `22.04.4`, `22.04 LTS`) → `22.04`. */
function ubuntuRelease(release: string): string | null {
  // Sample: "22.04.4 LTS" → "22.04".
  const m = /^(\d{2}\.\d{2})/.exec(release);
  return m?.[1] ?? null;
}
