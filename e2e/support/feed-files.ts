// The files of the feed mirror, made from vulndb's feed fixtures (packages/vulndb/fixtures/feeds,
// real records in each feed's official format) and laid out at the paths `db sync` asks for:
// OSV's and Ubuntu's all.zip are zipped here, each Alpine release gets the secdb fixture under
// its own name, and NVD's API answers its fixture page to any query.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { DEFAULT_ALPINE_RELEASES, DEFAULT_OSV_ECOSYSTEMS } from '../../packages/vulndb/src/sync/sync.ts';
import { repoRoot } from './server-process.ts';

export interface FeedFile {
  body: Buffer;
  contentType: string;
  lastModified: string;
}

/** The feed date every file reports (Last-Modified), shown on the data page. */
export const FEED_DATE = 'Tue, 01 Oct 2024 08:00:00 GMT';

const FIXTURES = join(repoRoot, 'packages/vulndb/fixtures/feeds');

/**
 * The KEV file's size on the mirror: the fixture followed by JSON whitespace. The real catalog
 * is over a megabyte, and a download reports its progress every 64 KiB, so a journey that holds
 * this file half-way sees its progress.
 */
export const KEV_BYTES = 256 * 1024;

/** Path on the mirror → file; the paths match startFeedMirror's BINLENS_<SOURCE>_URL values. */
export async function officialFeedFiles(): Promise<Map<string, FeedFile>> {
  const fixture = (name: string) => readFile(join(FIXTURES, name));
  const text = async (name: string) => (await fixture(name)).toString('utf8');
  const json = 'application/json';
  const zipType = 'application/zip';
  const files = new Map<string, FeedFile>();
  const add = (path: string, body: Buffer, contentType: string) => files.set(path, { body, contentType, lastModified: FEED_DATE });

  add('/kev.json', padded(await fixture('kev.json'), KEV_BYTES), json);
  add('/epss.csv.gz', await fixture('epss.csv.gz'), 'application/gzip');
  add('/debian.json', await fixture('debian-tracker.json'), json);
  add('/nvd', await fixture('nvd-page.json'), json);

  const secdb = JSON.parse(await text('alpine-secdb-v3.19-main.json')) as Record<string, unknown>;
  for (const release of DEFAULT_ALPINE_RELEASES) {
    add(`/alpine/${release}/main.json`, Buffer.from(JSON.stringify({ ...secdb, distroversion: release })), json);
    add(`/alpine/${release}/community.json`, Buffer.from(JSON.stringify({ distroversion: release, reponame: 'community', packages: [] })), json);
  }

  const osv: Record<string, Record<string, string>> = {
    npm: { 'GHSA-35jh-r3h4-6jhm.json': await text('osv-ghsa-35jh-r3h4-6jhm.json') },
    Go: { 'GO-2023-1864.json': await text('osv-go-2023-1864.json') },
  };
  for (const ecosystem of DEFAULT_OSV_ECOSYSTEMS) add(`/osv/${ecosystem}/all.zip`, zip(osv[ecosystem] ?? {}), zipType);

  const ubuntu = JSON.parse(await text('ubuntu-osv-records.json')) as { id: string }[];
  add('/ubuntu/all.zip', zip(Object.fromEntries(ubuntu.map((record) => [`${record.id}.json`, JSON.stringify(record)]))), zipType);
  return files;
}

/** `json` followed by spaces up to `size` bytes: the same JSON document, as big as a real feed. */
function padded(json: Buffer, size: number): Buffer {
  return Buffer.concat([json, Buffer.alloc(Math.max(0, size - json.length), ' ')]);
}

/** A zip of deflated members with its central directory, as OSV publishes all.zip. */
export function zip(members: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(members)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
