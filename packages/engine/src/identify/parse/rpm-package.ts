// One rpm database record (a header blob under its instance number) → a distro
// package component plus the files it installed. Shared by the rpmdb backends
// (sqlite, BerkeleyDB, NDB), which differ only in how they store the blobs.
import type { Component, Distro } from '../../model/index.ts';
import type { CatalogFile, CatalogResult } from '../types.ts';
import { makeComponent } from '../component.ts';
import { malformed, metadataEvidence } from '../evidence.ts';
import { distroQualifier, findDistro } from './distro.ts';
import { RPMTAG, type RpmHeader, parseRpmHeader, rpmFileList } from './rpm-header.ts';
import { formatPurl } from '../purl.ts';

export interface RpmRecord {
  hnum: number;
  blob: Uint8Array;
}

/** The database's directory under its root: `var/lib/rpm/` or `usr/lib/sysimage/rpm/`. */
export function rpmDbDir(innerPath: string): string {
  return innerPath.includes('usr/lib/sysimage/rpm/') ? 'usr/lib/sysimage/rpm/' : 'var/lib/rpm/';
}

/** Adds a component (and its owned files) per record; a damaged record is a problem of its own. */
export async function addRpmRecords(result: CatalogResult, file: CatalogFile, foundBy: string, records: readonly RpmRecord[]): Promise<void> {
  const dbDir = rpmDbDir(file.innerPath);
  const distro = await findDistro(file, dbDir);
  const root = file.innerPath.slice(0, Math.max(0, file.innerPath.lastIndexOf(dbDir)));
  for (const { hnum, blob } of records) {
    const header = parseRpmHeader(blob);
    if (typeof header === 'string') {
      malformed(result, file.path, `package ${hnum}: ${header}`);
      continue;
    }
    const built = rpmComponent(header, { distro, foundBy, path: file.path, hnum });
    if (built === undefined) continue;
    if (typeof built === 'string') {
      malformed(result, file.path, `package ${hnum}: ${built}`);
      continue;
    }
    result.components.push(built);
    const files = rpmFileList(blob);
    if (files.length > 0) (result.owned ??= []).push({ component: built, root, files });
  }
}

interface Where {
  distro: Distro | undefined;
  foundBy: string;
  path: string[];
  hnum: number;
}

/** The component, undefined for gpg-pubkey pseudo-packages, or what is missing. */
export function rpmComponent(header: RpmHeader, where: Where): Component | string | undefined {
  const text = (tag: number): string => {
    const v = header.get(tag);
    return typeof v === 'string' ? v : '';
  };
  const name = text(RPMTAG.NAME);
  if (name === '') return 'header without a name';
  // The gpg-pubkey pseudo-packages are keys, not software.
  if (name === 'gpg-pubkey') return undefined;
  const epoch = header.get(RPMTAG.EPOCH);
  const release = text(RPMTAG.RELEASE);
  const upstreamVersion = text(RPMTAG.VERSION);
  if (upstreamVersion === '') return `${name} has no version`;
  const versionRelease = `${upstreamVersion}${release ? `-${release}` : ''}`;
  // rpm's EVR: sample `1:3.0.7-27.el9`.
  const version = `${typeof epoch === 'number' ? `${epoch}:` : ''}${versionRelease}`;
  const namespace = where.distro?.name ?? (text(RPMTAG.VENDOR).toLowerCase().split(/\s+/)[0] || 'rpm');
  const license = text(RPMTAG.LICENSE);
  return makeComponent({
    name,
    version,
    codetype: 'DP',
    vendor: namespace,
    purl: formatPurl({
      type: 'rpm',
      namespace,
      name,
      version: versionRelease,
      qualifiers: {
        arch: text(RPMTAG.ARCH) || undefined,
        epoch: typeof epoch === 'number' ? String(epoch) : undefined,
        upstream: text(RPMTAG.SOURCERPM) || undefined,
        distro: distroQualifier(where.distro),
      },
    }),
    licenses: license === '' ? [] : [license],
    distro: where.distro,
    evidence: [metadataEvidence(where.foundBy, where.path, `Packages hnum ${where.hnum}: ${name}-${version}`)],
  });
}
