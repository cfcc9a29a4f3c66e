// RPM's NDB database (openSUSE Tumbleweed, Leap/SLES 15.3+): `usr/lib/sysimage/rpm/Packages.db`,
// one header blob per installed package in checksummed blobs addressed by slots
// (parse/rpm-ndb.ts). Read with bounded windows, any size.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { readNdb } from '../../parse/rpm-ndb.ts';
import { addRpmRecords } from '../../parse/rpm-package.ts';

const NAME = 'redhat/rpmdb-ndb';
// Samples: `usr/lib/sysimage/rpm/Packages.db`, `var/lib/rpm/Packages.db`.
const DB_PATH = /(^|\/)(var\/lib\/rpm|usr\/lib\/sysimage\/rpm)\/Packages\.db$/;

export const rpmdbNdb: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => DB_PATH.test(innerPath),
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const content = await readNdb((offset, length) => file.readRange(offset, length), file.size);
  if (typeof content === 'string') {
    malformed(result, file.path, content);
    return result;
  }
  for (const problem of content.problems) malformed(result, file.path, problem);
  await addRpmRecords(result, file, NAME, content.records);
  return result;
}
