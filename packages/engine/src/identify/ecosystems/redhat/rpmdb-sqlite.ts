// RPM's SQLite database (Fedora 33+, RHEL 9, openSUSE): `var/lib/rpm/rpmdb.sqlite`,
// table `Packages(hnum, blob)` with one header blob per installed package. Opened
// in memory (node:sqlite deserialize): the file in the tree is never written.
import { DatabaseSync } from 'node:sqlite';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { addRpmRecords } from '../../parse/rpm-package.ts';

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
  await addRpmRecords(result, file, NAME, rows);
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
