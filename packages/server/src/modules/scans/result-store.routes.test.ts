// Whatever bytes an input holds reach the API unchanged: evidence with NUL (as in /bin/ls),
// names and leak values of random bytes, and strings no text column could hold (NUL, lone
// surrogates) all go through the engine or the store and come back exactly.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan, toNativeJson, toScanResult } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../../../../engine/test/mutations.ts';
import { DATABASES } from '../../../test/databases.ts';
import { countsListedAndShown } from '../../../test/scan-counts.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scans } from '../../db/schema/index.ts';
import { createScansRepository } from './repository.ts';
import { storeReadyScan } from './result-store.ts';

const NUL_EVIDENCE = readFileSync(new URL('../../../../engine/fixtures/identify/signature-nul-evidence/nul-evidence', import.meta.url));

interface Page<T> { count: number; results: T[] }

/** A seeded generator of numbers in [0, 1): the same cases on every run. */
function random(seed: number): () => number {
  const next = rng(seed);
  return () => next() / 2 ** 32;
}

/** Code units a text column cannot hold, escapes that look like JSON's, and ordinary text. */
function hostileString(next: () => number): string {
  const pick = (n: number) => Math.floor(next() * n);
  const pieces = [
    () => '\0',
    () => String.fromCharCode(pick(0x20)),
    () => String.fromCharCode(0x7f + pick(0x21)),
    () => String.fromCharCode(0xd800 + pick(0x800)),
    () => '\\u0000',
    () => '"\\',
    () => String.fromCodePoint(0x1f600 + pick(0x50)),
    () => String.fromCharCode(0x20 + pick(0x5f)),
    () => String.fromCharCode(0x100 + pick(0xd700)),
  ];
  let out = '';
  for (let i = pick(24); i >= 0; i -= 1) out += pieces[pick(pieces.length)]?.() ?? '';
  return out;
}

function randomBytes(next: () => number, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));
}

describe.each(DATABASES)('scan results hold any bytes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let groupId: number;
  let workDir: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true });
    alice = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Bytes' } });
    groupId = group.json<{ id: number }>().id;
    workDir = await mkdtemp(join(tmpdir(), 'binlens-bytes-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json<T>();
  };

  const upload = async (name: string, content: Buffer): Promise<{ id: number; status: string; error: string | null }> => {
    const body = multipart('file', name, content);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const scanned = await get<{ id: number; status: string; error: string | null }>(`/rest/scans/${id}/`);
      if (!['B', 'S', 'P', 'D'].includes(scanned.status) || Date.now() > deadline) return scanned;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const inProcess = async (name: string, content: Buffer): Promise<Identification> => {
    const path = join(workDir, name.replaceAll('/', '_'));
    await writeFile(path, content);
    return scan(path, { name });
  };

  const storedIdentification = async (id: number) => {
    const [row] = await t.database.db.select({ identification: scans.identification }).from(scans).where(eq(scans.id, id));
    return row?.identification;
  };

  it('scans an ELF whose evidence holds NUL and 0xff to R and keeps the evidence exactly', async () => {
    const scanned = await upload('nul-evidence', NUL_EVIDENCE);
    expect([scanned.status, scanned.error]).toEqual(['R', null]);
    const expected = await inProcess('nul-evidence', NUL_EVIDENCE);
    const stored = await storedIdentification(scanned.id);
    const evidence = stored?.components.find((c) => c.name === 'coreutils')?.evidence[0]?.text;
    expect(evidence).toBe('dereference-command-line-symlink-to-dir\0\0\0\0\0\0\0\0\x80\xff\xff\xff\xff\xff\xff\xff\xff9.1\0invalid argument');
    expect(stored?.components).toEqual(expected.components);
    const result = await get<{ components: { lib: string; version: string }[] }>(`/rest/scans/${scanned.id}/result/`);
    expect(result.components.map((c) => [c.lib, c.version])).toEqual([['coreutils', '9.1']]);
  });

  it.skipIf(!existsSync('/bin/ls'))('scans this machine\'s /bin/ls to R', async () => {
    const ls = readFileSync('/bin/ls');
    const scanned = await upload('ls', ls);
    expect([scanned.status, scanned.error]).toEqual(['R', null]);
    const expected = await inProcess('ls', ls);
    expect((await storedIdentification(scanned.id))?.components).toEqual(expected.components);
  });

  it('answers what the engine found in archives of random names and bytes, exactly', async () => {
    for (let seed = 1; seed <= 4; seed += 1) {
      const next = random(seed);
      const entries = Array.from({ length: 5 }, (_, i) => ({
        // Any byte but NUL and '/' may stand in a ustar name; 90 bytes stay within its 100.
        path: Buffer.from(randomBytes(next, 1 + Math.floor(next() * 60)).map((b) => (b === 0 || b === 0x2f ? 0x41 : b))).toString('latin1') + `-${i}`,
        content: Buffer.concat([randomBytes(next, 40), Buffer.from(` admin${seed}${i}@binlens-test.org `), randomBytes(next, 40), Buffer.from('\npassword = "S3cr3t\u0001x"\n')]),
      }));
      const archive = tar(entries.map((e) => ({ path: e.path, content: e.content })));
      const name = `random-${seed}.tar`;
      const scanned = await upload(name, archive);
      expect(scanned.status).toBe('R');
      const identification = await inProcess(name, archive);
      const native = toNativeJson(identification, toScanResult(identification));
      const leaks = await get<Page<unknown>>(`/rest/scans/${scanned.id}/infoleak/?include_decoys=true&limit=500`);
      expect(leaks.results).toEqual(native.infoleaks.map((leak, i) => ({ id: i + 1, ...leak, revealable: leak.masked !== null, triages: [] })));
      // Random neighbours may hide a password line in a binary's strings; each e-mail address stands out.
      expect(native.infoleaks.filter((leak) => leak.kind === 'emails').map((leak) => leak.value)).toEqual([0, 1, 2, 3, 4].map((i) => `admin${seed}${i}@binlens-test.org`));
      expect(new Set(native.infoleaks.filter((leak) => leak.kind === 'passwords').map((leak) => leak.value))).toEqual(new Set(['S3cr3t\u0001x']));
      const warnings = await get<Page<unknown>>(`/rest/scans/${scanned.id}/warnings/?limit=500`);
      expect(warnings.results).toEqual(identification.problems.filter((p) => p.level === 'warning'));
      expect((await storedIdentification(scanned.id))?.files.map((f) => f.path)).toEqual(identification.files.map((f) => f.path));
    }
  });

  it('stores and answers strings no text column holds: NUL, lone surrogates, control characters', async () => {
    const repository = createScansRepository(t.database.db);
    const template = await inProcess('nul-evidence', NUL_EVIDENCE);
    for (let seed = 100; seed < 140; seed += 1) {
      const next = random(seed);
      const s = () => hostileString(next);
      const path = [s(), s()];
      const identification: Identification = {
        ...template,
        input: { ...template.input, name: s() },
        files: [...template.files, { path, size: 1, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64) }],
        components: template.components.map((c) => ({ ...c, name: s(), version: s(), evidence: c.evidence.map((e) => ({ ...e, path, text: s() })) })),
        infoleaks: [{ kind: 'passwords', detector: 'text/password-assignment', path, line: 1, value: s(), masked: s(), context: s() }],
        problems: [{ level: 'warning', location: path, plugin: 'archive/tar', code: 'truncated', message: s() }],
      };
      const id = await repository.create({ groupId, filename: `seed-${seed}`, size: 1, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: 'none', createdBy: alice.userId });
      expect(await storeReadyScan(t.database.db, id, identification)).toBe(true);

      expect(await storedIdentification(id)).toEqual(identification);
      const result = await get<{ components: { lib: string; version: string; objects: { extended_fullpath: string[] }[] }[] }>(`/rest/scans/${id}/result/`);
      const component = identification.components[0];
      expect(result.components.map((c) => [c.lib, c.version, c.objects[0]?.extended_fullpath])).toEqual([[component?.name, component?.version, path]]);
      const leaks = await get<Page<{ value: string; masked: string; context: string; path: string[] }>>(`/rest/scans/${id}/infoleak/`);
      const leak = identification.infoleaks?.[0];
      expect(leaks.results.map((l) => [l.value, l.masked, l.context, l.path])).toEqual([[leak?.value, leak?.masked, leak?.context, path]]);
      const warnings = await get<Page<unknown>>(`/rest/scans/${id}/warnings/`);
      expect(warnings.results).toEqual(identification.problems);
    }
  });

  it('finds a leak by a search holding NUL or a replaced lone surrogate', async () => {
    const repository = createScansRepository(t.database.db);
    const template = await inProcess('nul-evidence', NUL_EVIDENCE);
    const id = await repository.create({ groupId, filename: 'search', size: 1, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: 'none', createdBy: alice.userId });
    const leak = (value: string) => ({ kind: 'passwords' as const, detector: 'text/password-assignment', path: ['etc/app.conf'], line: 1, value, context: `password=${value}` });
    await storeReadyScan(t.database.db, id, { ...template, infoleaks: [leak('Abc\0Def'), leak('x\ud800y'), leak('plain')] });
    const values = async (search: string) =>
      (await get<Page<{ id: number; value: string }>>(`/rest/scans/${id}/infoleak/?search=${encodeURIComponent(search)}`)).results.map((l) => [l.id, l.value]);
    expect(await values('c\0d')).toEqual([[1, 'Abc\0Def']]);
    // A URL cannot carry a lone surrogate: decoded, it is U+FFFD, which is what the search text holds.
    expect(await values('x\ufffd')).toEqual([[2, 'x\ud800y']]);
    expect(await values('PLAIN')).toEqual([[3, 'plain']]);
    expect(await values('password=')).toEqual([[1, 'Abc\0Def'], [2, 'x\ud800y'], [3, 'plain']]);
  });

  it('splits a scan stored before results were split on its first read, once', async () => {
    const repository = createScansRepository(t.database.db);
    const identification = await inProcess('nul-evidence', NUL_EVIDENCE);
    const leaks = [{ kind: 'emails' as const, detector: 'text/email', path: ['doc'], line: 2, value: 'ops@binlens-test.org', context: 'mail ops@binlens-test.org' }];
    const id = await repository.create({ groupId, filename: 'old', size: 1, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: 'none', createdBy: alice.userId });
    await t.database.db.update(scans).set({ status: 'R', identification: { ...identification, infoleaks: leaks } }).where(eq(scans.id, id));
    const [first, second] = await Promise.all([get<Page<{ id: number; value: string }>>(`/rest/scans/${id}/infoleak/`), get<Page<{ id: number; value: string }>>(`/rest/scans/${id}/infoleak/`)]);
    expect([first, second].map((page) => page.results.map((l) => [l.id, l.value]))).toEqual([[[1, 'ops@binlens-test.org']], [[1, 'ops@binlens-test.org']]]);
    const listed = await get<{ component_count: number }>(`/rest/scans/${id}/`);
    expect(listed.component_count).toBe(1);
    const result = await get<{ components: { lib: string }[] }>(`/rest/scans/${id}/result/`);
    expect(result.components.map((c) => c.lib)).toEqual(['coreutils']);
  });

  it('lists every ready scan with the vulnerability counts its result page shows', async () => {
    const rows = await countsListedAndShown(t.app, t.database);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.id, row.listed])).toEqual(rows.map((row) => [row.id, row.shown]));
  });
});
