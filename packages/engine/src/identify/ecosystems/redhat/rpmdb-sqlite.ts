// RPM's SQLite database (Fedora 33+, RHEL 9, openSUSE): `var/lib/rpm/rpmdb.sqlite`,
// table `Packages(hnum, blob)` with one header blob per installed package. Opened
// in memory (node:sqlite deserialize): the file in the tree is never written.
import { DatabaseSync } from 'node:sqlite';
import type { Distro } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { distroQualifier, findDistro } from '../../parse/distro.ts';
import { RPMTAG, type RpmHeader, parseRpmHeader, rpmFileList } from '../../parse/rpm-header.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'redhat/rpmdb-sqlite';
// Samples: `var/lib/rpm/rpmdb.sqlite`, `usr/lib/sysimage/rpm/rpmdb.sqlite` (openSUSE, Fedora 36+).
const DB_PATH = /(^|\/)(var\/lib\/rpm|usr\/lib\/sysimage\/rpm)\/rpmdb\.sqlite$/;

export const rpmdbSqlite: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, innerPath) => DB_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const rows = readBlobs(await file.read());
  if (typeof rows === 'string') {
    malformed(result, file.path, rows);
    return result;
  }
  const dbDir = file.innerPath.includes('usr/lib/sysimage/rpm/') ? 'usr/lib/sysimage/rpm/' : 'var/lib/rpm/';
  const distro = await findDistro(file, dbDir);
  const root = file.innerPath.slice(0, file.innerPath.lastIndexOf(dbDir));
  for (const { hnum, blob } of rows) {
    const header = parseRpmHeader(blob);
    if (typeof header === 'string') {
      malformed(result, file.path, `package ${hnum}: ${header}`);
      continue;
    }
    const built = rpmComponent(header, distro, file.path, hnum);
    if (built === undefined) continue;
    if (typeof built === 'string') {
      malformed(result, file.path, `package ${hnum}: ${built}`);
      continue;
    }
    result.components.push(built);
    const files = rpmFileList(blob);
    if (files.length > 0) (result.owned ??= []).push({ component: built, root, files });
  }
  return result;
}

function readBlobs(bytes: Buffer): { hnum: number; blob: Uint8Array }[] | string {
  const db = new DatabaseSync(':memory:');
  try {
    db.deserialize(rollbackJournal(bytes));
    const rows = db.prepare('SELECT hnum, blob FROM Packages ORDER BY hnum').all();
    return rows.flatMap((r) => (typeof r.hnum === 'number' && r.blob instanceof Uint8Array ? [{ hnum: r.hnum, blob: r.blob }] : []));
  } catch (err) {
    return `not a readable rpm sqlite database: ${(err as Error).message}`;
  } finally {
    db.close();
  }
}

/**
 * rpm opens its database in WAL mode (header bytes 18-19 = 2); an in-memory copy
 * cannot be opened in WAL mode, so the copy says "rollback journal" (1) instead.
 * A checkpointed database reads the same either way.
 */
function rollbackJournal(bytes: Buffer): Uint8Array {
  const copy = new Uint8Array(bytes);
  if (copy.length >= 20 && copy[18] === 2 && copy[19] === 2) {
    copy[18] = 1;
    copy[19] = 1;
  }
  return copy;
}

function rpmComponent(header: RpmHeader, distro: Distro | undefined, path: string[], hnum: number) {
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
  // rpm's EVR: sample `1:3.0.7-27.el9`.
  const version = `${typeof epoch === 'number' ? `${epoch}:` : ''}${upstreamVersion}${release ? `-${release}` : ''}`;
  const namespace = distro?.name ?? (text(RPMTAG.VENDOR).toLowerCase().split(/\s+/)[0] || 'rpm');
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
      version: `${upstreamVersion}${release ? `-${release}` : ''}`,
      qualifiers: {
        arch: text(RPMTAG.ARCH) || undefined,
        epoch: typeof epoch === 'number' ? String(epoch) : undefined,
        upstream: text(RPMTAG.SOURCERPM) || undefined,
        distro: distroQualifier(distro),
      },
    }),
    licenses: license === '' ? [] : [license],
    distro,
    evidence: [metadataEvidence(NAME, path, `Packages hnum ${hnum}: ${name}-${version}`)],
  });
}
