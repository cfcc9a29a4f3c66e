// `db sync` against a loopback HTTP server serving files in the feeds' real formats:
// nothing here reaches the internet.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnImportRuns, vulnPackageRanges } from '../src/db/schema.ts';
import { syncKnowledgeBase } from '../src/sync/sync.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

/** A zip of deflated members, as OSV publishes all.zip. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14); local.writeUInt32LE(packed.length, 18); local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16); central.writeUInt32LE(packed.length, 20); central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(centrals.length / 2, 8); end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe.each(DATABASES)('db sync on %s', (kind) => {
  let t: TestKb;
  let server: Server;
  let base: string;
  const requests: string[] = [];
  beforeAll(async () => {
    t = await openTestKb(kind);
    const nvdPage = JSON.parse(await readFile(fixture('nvd-page.json').path, 'utf8')) as { vulnerabilities: unknown[] };
    const ghsa = await readFile(fixture('osv-ghsa-35jh-r3h4-6jhm.json').path, 'utf8');
    const ubuntu = JSON.parse(await readFile(fixture('ubuntu-osv-records.json').path, 'utf8')) as { id: string }[];
    const files: Record<string, Buffer> = {
      '/kev.json': await readFile(fixture('kev.json').path),
      '/epss.csv.gz': await readFile(fixture('epss.csv.gz').path),
      '/debian.json': await readFile(fixture('debian-tracker.json').path),
      '/osv/npm/all.zip': zip({ 'GHSA-35jh-r3h4-6jhm.json': ghsa, 'BROKEN-1.json': '{"id": ' }),
      '/alpine/v3.19/main.json': await readFile(fixture('alpine-secdb-v3.19-main.json').path),
      '/alpine/v3.19/community.json': Buffer.from('{"distroversion": "v3.19", "packages": [], "reponame": "community"}'),
      '/ubuntu/all.zip': zip(Object.fromEntries(ubuntu.map((r) => [`${r.id}.json`, JSON.stringify(r)]))),
    };
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/old-kev.json') {
        res.writeHead(302, { location: '/kev.json' }).end();
      } else if (url.pathname === '/away.json') {
        res.writeHead(302, { location: 'http://example.com/kev.json' }).end();
      } else if (url.pathname === '/nvd') {
        // Two pages of the fixture's records: startIndex 0 → the first 4, then the rest.
        const start = Number(url.searchParams.get('startIndex'));
        const vulnerabilities = nvdPage.vulnerabilities.slice(start, start + 4);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          resultsPerPage: vulnerabilities.length, startIndex: start, totalResults: nvdPage.vulnerabilities.length,
          format: 'NVD_CVE', version: '2.0', timestamp: '2024-08-01T00:00:00.000', vulnerabilities,
        }));
      } else {
        const body = files[url.pathname];
        if (body) res.writeHead(200).end(body);
        else res.writeHead(404).end();
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.dispose();
  });

  it('downloads every source and imports it, following redirects on the loopback server', async () => {
    const env = {
      BINLENS_KEV_URL: `${base}/old-kev.json`, BINLENS_EPSS_URL: `${base}/epss.csv.gz`, BINLENS_DEBIAN_URL: `${base}/debian.json`,
      BINLENS_NVD_URL: `${base}/nvd`, BINLENS_OSV_URL: `${base}/osv`, BINLENS_OSV_ECOSYSTEMS: 'npm',
      BINLENS_ALPINE_URL: `${base}/alpine`, BINLENS_ALPINE_RELEASES: 'v3.19', BINLENS_UBUNTU_URL: `${base}/ubuntu/all.zip`,
    };
    const reports = await syncKnowledgeBase(t.db, { env });
    expect(reports.map((r) => [r.source, r.origin.replace(base, ''), r.status, r.records, r.imported, r.skipped])).toEqual([
      ['alpine', '/alpine/v3.19/main.json', 'complete', 3, 2, 1],
      ['alpine', '/alpine/v3.19/community.json', 'complete', 0, 0, 0],
      ['debian', '/debian.json', 'complete', 4, 3, 1],
      ['epss', '/epss.csv.gz', 'complete', 3, 2, 1],
      ['kev', '/old-kev.json', 'complete', 3, 2, 1],
      ['nvd', '/nvd?resultsPerPage=2000&startIndex=0', 'complete', 4, 4, 0],
      ['nvd', '/nvd?resultsPerPage=2000&startIndex=4', 'complete', 3, 1, 2],
      ['osv', '/osv/npm/all.zip', 'complete', 2, 1, 1],
      ['ubuntu', '/ubuntu/all.zip', 'complete', 3, 2, 1],
    ]);
    expect(reports.find((r) => r.source === 'osv')?.skips).toEqual([{ id: 'BROKEN-1.json', reason: 'malformed JSON' }]);
    const ranges = await t.db.select().from(vulnPackageRanges).where(eq(vulnPackageRanges.live, true));
    expect(ranges.map((r) => [r.vulnId, r.ecosystemBase, r.name]).sort()).toEqual([['GHSA-35jh-r3h4-6jhm', 'npm', 'lodash'], ['GHSA-35jh-r3h4-6jhm', 'npm', 'lodash-es']]);
  });

  it('resumes NVD from the last finished sync (lastModStartDate)', async () => {
    requests.length = 0;
    await syncKnowledgeBase(t.db, { env: { BINLENS_NVD_URL: `${base}/nvd` }, sources: ['nvd'] });
    const markers = await t.db.select().from(vulnImportRuns).where(eq(vulnImportRuns.source, 'nvd'));
    const first = markers.filter((r) => r.origin.startsWith('nvd-sync:'))[0]?.origin.slice('nvd-sync:'.length);
    expect(requests[0]).toMatch(new RegExp(`^/nvd\\?resultsPerPage=2000&startIndex=0&lastModStartDate=${first?.replace(/\./g, '\\.')}&lastModEndDate=\\d{4}-`));
  });

  it('refuses a redirect away from https (or the loopback test server)', async () => {
    await expect(syncKnowledgeBase(t.db, { env: { BINLENS_KEV_URL: `${base}/away.json` }, sources: ['kev'] }))
      .rejects.toThrow('refusing http://example.com/kev.json: only https downloads are allowed');
  });
});
