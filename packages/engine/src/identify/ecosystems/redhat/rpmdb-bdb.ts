// RPM's BerkeleyDB database (RHEL/CentOS ≤ 8, Amazon Linux 2, SLES ≤ 15.2):
// `var/lib/rpm/Packages`, a Berkeley DB hash keyed by the 4-byte instance number
// with one header blob per installed package. Key 0 holds the highest instance
// number, not a package. Read page by page (parse/berkeley-db.ts), any size.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { readBdbHash } from '../../parse/berkeley-db.ts';
import { type RpmRecord, addRpmRecords } from '../../parse/rpm-package.ts';

const NAME = 'redhat/rpmdb-bdb';
// Samples: `var/lib/rpm/Packages`, `usr/lib/sysimage/rpm/Packages` (SLES 15).
const DB_PATH = /(^|\/)(var\/lib\/rpm|usr\/lib\/sysimage\/rpm)\/Packages$/;

export const rpmdbBdb: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => DB_PATH.test(innerPath),
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const content = await readBdbHash((offset, length) => file.readRange(offset, length), file.size);
  if (typeof content === 'string') {
    malformed(result, file.path, content);
    return result;
  }
  for (const problem of content.problems) malformed(result, file.path, problem);
  const records: RpmRecord[] = [];
  for (const { key, value } of content.records) {
    if (key.length !== 4) {
      malformed(result, file.path, `key of ${key.length} bytes is not an instance number`);
      continue;
    }
    const hnum = content.littleEndian ? key.readUInt32LE(0) : key.readUInt32BE(0);
    if (hnum !== 0) records.push({ hnum, blob: value });
  }
  records.sort((a, b) => a.hnum - b.hnum);
  await addRpmRecords(result, file, NAME, records);
  return result;
}
