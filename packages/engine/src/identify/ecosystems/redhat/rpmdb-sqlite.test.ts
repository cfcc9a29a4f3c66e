import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { rpmdbSqlite } from './rpmdb-sqlite.ts';
import { memoryFile } from '../../test-helpers.ts';

type Entry = [tag: number, value: string | number];

/** A header blob laid out as rpm writes it: il, dl, index entries, data. */
function headerBlob(entries: Entry[]): Buffer {
  const data: Buffer[] = [];
  const index = Buffer.alloc(entries.length * 16);
  let offset = 0;
  entries.forEach(([tag, value], i) => {
    const bytes = typeof value === 'number' ? Buffer.alloc(4) : Buffer.from(`${value}\0`);
    if (typeof value === 'number') bytes.writeUInt32BE(value);
    index.writeUInt32BE(tag, i * 16);
    index.writeUInt32BE(typeof value === 'number' ? 4 : 6, i * 16 + 4);
    index.writeUInt32BE(offset, i * 16 + 8);
    index.writeUInt32BE(1, i * 16 + 12);
    data.push(bytes);
    offset += bytes.length;
  });
  const head = Buffer.alloc(8);
  head.writeUInt32BE(entries.length, 0);
  head.writeUInt32BE(offset, 4);
  return Buffer.concat([head, index, ...data]);
}

function rpmdb(blobs: Buffer[]): Buffer {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE Packages (hnum INTEGER PRIMARY KEY AUTOINCREMENT, blob BLOB NOT NULL)');
  for (const b of blobs) db.prepare('INSERT INTO Packages (blob) VALUES (?)').run(b);
  const out = Buffer.from(db.serialize());
  db.close();
  return out;
}

const PATH = ['rootfs.tar', 'var/lib/rpm/rpmdb.sqlite'];
const OPENSSL: Entry[] = [[1000, 'openssl-libs'], [1001, '3.0.7'], [1002, '27.el9'], [1003, 1], [1014, 'Apache-2.0'], [1022, 'x86_64'], [1044, 'openssl-3.0.7-27.el9.src.rpm']];

describe('redhat/rpmdb-sqlite', () => {
  it('matches both database locations', () => {
    expect(['var/lib/rpm/rpmdb.sqlite', 'usr/lib/sysimage/rpm/rpmdb.sqlite', 'var/lib/rpm/Packages'].map((p) => rpmdbSqlite.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('reads name, epoch, version, release, arch, licence and source rpm from each header', async () => {
    const file = { ...memoryFile(PATH, rpmdb([headerBlob(OPENSSL), headerBlob([[1000, 'gpg-pubkey'], [1001, 'fd431d51']])]), { 'etc/os-release': 'ID="rhel"\nVERSION_ID="9.4"\n' }), innerPath: 'var/lib/rpm/rpmdb.sqlite' };
    const { components, problems } = await rpmdbSqlite.catalog(file);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.evidence[0]?.text])).toEqual([
      ['openssl-libs', '1:3.0.7-27.el9', 'DP', 'rhel', 'pkg:rpm/rhel/openssl-libs@3.0.7-27.el9?arch=x86_64&distro=rhel-9.4&epoch=1&upstream=openssl-3.0.7-27.el9.src.rpm', ['Apache-2.0'], 'Packages hnum 1: openssl-libs-1:3.0.7-27.el9'],
    ]);
  });

  it('a truncated header is a problem for that package only; a non-database is one problem', async () => {
    const bad = headerBlob(OPENSSL).subarray(0, 40);
    const { components, problems } = await rpmdbSqlite.catalog(memoryFile(PATH, rpmdb([bad, headerBlob(OPENSSL)])));
    expect(components.map((c) => c.purl)).toEqual(['pkg:rpm/rpm/openssl-libs@3.0.7-27.el9?arch=x86_64&epoch=1&upstream=openssl-3.0.7-27.el9.src.rpm']);
    expect(problems.map((p) => p.message)).toEqual(['package 1: header declares 7 entries and 77 data bytes, has 40 bytes']);
    const junk = await rpmdbSqlite.catalog(memoryFile(PATH, 'SQLite format 3\0 but not really'));
    expect(junk.components).toEqual([]);
    expect(junk.problems.map((p) => [p.code, p.location])).toEqual([['malformed', PATH]]);
  });
});
