// The distro of a package database: os-release of the same root file system, found
// from the database's own inner path (`rootfs/lib/apk/db/installed` → `rootfs/etc/os-release`).
import type { Distro } from '../../model/index.ts';
import type { CatalogFile } from '../types.ts';
import { distroFromOsRelease } from './os-release.ts';

/** `dbDir` is the database's directory relative to the root, e.g. `lib/apk/db/`. */
export async function findDistro(file: CatalogFile, dbDir: string): Promise<Distro | undefined> {
  const at = file.innerPath.lastIndexOf(dbDir);
  if (at < 0) return undefined;
  const root = file.innerPath.slice(0, at);
  const osRelease = (await file.readSibling(`${root}etc/os-release`)) ?? (await file.readSibling(`${root}usr/lib/os-release`));
  return osRelease ? distroFromOsRelease(osRelease.toString('utf8')) : undefined;
}

/** purl `distro` qualifier, sample `alpine-3.19.1`; undefined without a release. */
export function distroQualifier(distro: Distro | undefined): string | undefined {
  return distro?.release ? `${distro.name}-${distro.release}` : undefined;
}
