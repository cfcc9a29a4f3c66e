// validateBundle: every way a file can fail to be a bundle this Binlens imports, each with
// a message that says what is wrong. The knowledge base is never touched by the check.
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../src/bundle/export-bundle.ts';
import { schemaTag } from '../src/bundle/manifest.ts';
import { endTar, writeTarEntry } from '../src/bundle/tar.ts';
import { validateBundle } from '../src/bundle/validate-bundle.ts';
import { importFeed } from '../src/import/import-file.ts';
import { fixture, openTestKb, type TestKb } from './knowledge-bases.ts';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

/** A tar holding `files` in order. */
async function tar(file: string, files: Record<string, string>): Promise<void> {
  const out = createWriteStream(file);
  for (const [name, text] of Object.entries(files)) {
    const bytes = Buffer.from(text);
    await writeTarEntry(out, name, bytes.length, (async function* () { yield bytes; })());
  }
  await endTar(out);
  out.end();
  await finished(out);
}

describe('validateBundle', () => {
  let t: TestKb;
  let dir: string;
  let good: string;
  beforeAll(async () => {
    t = await openTestKb('pglite');
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-bundle-check-'));
    await importFeed(t.db, fixture('kev.json'));
    good = path.join(dir, 'kb.tar');
    await exportBundle(t.db, good);
  });
  afterAll(async () => {
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts an exported bundle and answers its manifest', async () => {
    const { manifest } = await validateBundle(good);
    expect(manifest.tables.map((table) => [table.table, table.rows])).toEqual([
      ['vuln_import_runs', 1], ['vuln_records', 0], ['vuln_aliases', 0], ['vuln_package_ranges', 0],
      ['vuln_cpe_matches', 0], ['vuln_distro_fixes', 0], ['vuln_distro_cvss', 0], ['vuln_epss', 0], ['vuln_kev', 2],
    ]);
  });

  it('refuses a file that is not a tar archive', async () => {
    const file = path.join(dir, 'report.html');
    await writeFile(file, `<html>${' '.repeat(2000)}</html>`);
    await expect(validateBundle(file)).rejects.toThrow('not a knowledge-base bundle: not a tar archive (no ustar header at 0)');
  });

  it('refuses a tar archive without a manifest', async () => {
    const file = path.join(dir, 'other.tar');
    await tar(file, { 'readme.txt': 'hello' });
    await expect(validateBundle(file)).rejects.toThrow('not a knowledge-base bundle (no manifest.json)');
  });

  it('refuses a bundle of a newer schema, saying to upgrade', async () => {
    const file = path.join(dir, 'newer.tar');
    const ours = await schemaTag();
    await tar(file, { 'manifest.json': JSON.stringify({ format: 'binlens-kb-bundle', version: 1, schema: '9999_future', createdAt: '2030-01-01T00:00:00Z', tables: [] }) });
    await expect(validateBundle(file)).rejects.toThrow(`the bundle was made by a newer Binlens (schema 9999_future; this server has ${ours}): upgrade this server first`);
  });

  it('refuses a truncated bundle', async () => {
    const file = path.join(dir, 'truncated.tar');
    await writeFile(file, await readFile(good));
    await truncate(file, 3000);
    await expect(validateBundle(file)).rejects.toThrow(/^not a knowledge-base bundle: (tar entry \S+ runs past the end of the archive|truncated tar archive \(no end marker\))$/);
  });
});
