// `binlens scan --format bdba` writes the portable scan file; `binlens import` reads it back
// and prints exactly what the scan printed, without scanning again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPortableScan } from '@binlens/engine';
import { runCli, runCliBytes } from '../testing/run-cli.ts';
import { NO_DATA_NOTE } from './scan-knowledge-base.ts';

const DEB = fileURLToPath(new URL('../../../engine/fixtures/unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb', import.meta.url));

describe('binlens scan --format bdba and binlens import', () => {
  let dir: string;
  let file: string;
  let bdba: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-import-'));
    const written = await runCliBytes(['scan', DEB, '--format', 'bdba']);
    expect([written.code, written.stdout, written.stderr]).toEqual([0, '', '']);
    bdba = written.stdoutBytes;
    file = join(dir, 'libbinlens-tools1.deb.bdba');
    await writeFile(file, bdba);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('scan --format bdba writes the gzip document the server writes, format first', async () => {
    expect(gunzipSync(bdba).toString('utf8')).toMatch(/^\{"format":"binlens-scan","version":1,"exported_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","identification":\{"schemaVersion":1,/);
    const { identification } = await readPortableScan(bdba);
    expect([identification.input.name, identification.components.map((c) => c.name)]).toEqual([
      'libbinlens-tools1_0.9.1-3_amd64.deb', ['@babel/helper-plugin-utils', 'libbinlens-tools1'],
    ]);
  });

  it.each(['json', 'table', 'spdx-tag-value'])('import --format %s prints what scan --format %s printed', async (format) => {
    const [scanned, imported] = [await runCli(['scan', DEB, '--format', format]), await runCli(['import', file, '--format', format])];
    // An SPDX document's namespace and creation time are new in every document.
    const stable = (text: string) => text.replace(/^(DocumentNamespace|Created): .*$/gm, '$1: …');
    expect([imported.code, imported.stderr, stable(imported.stdout)]).toEqual([0, NO_DATA_NOTE, stable(scanned.stdout)]);
  });

  it('refuses a damaged file with what is wrong, and a missing one (exit 1)', async () => {
    const cut = join(dir, 'cut.bdba');
    await writeFile(cut, bdba.subarray(0, bdba.length - 30));
    expect(await runCli(['import', cut])).toEqual({
      code: 1, stdout: '', stderr: `binlens: ${cut} is not a valid portable scan file: the file is truncated: its gzip stream ends early\n`,
    });
    const plain = await runCli(['import', DEB]);
    expect([plain.code, plain.stderr]).toEqual([1, `binlens: ${DEB} is not a valid portable scan file: not a portable scan file: it is not gzip-compressed\n`]);
    const missing = await runCli(['import', join(dir, 'none.bdba')]);
    expect([missing.code, missing.stderr]).toEqual([1, `binlens: ${join(dir, 'none.bdba')} cannot be read: ENOENT: no such file or directory, open '${join(dir, 'none.bdba')}'\n`]);
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['import'])).stderr.split('\n')[0]).toBe('binlens: missing FILE');
    const bdbaOut = await runCli(['import', file, '--format', 'bdba']);
    expect([bdbaOut.code, bdbaOut.stderr.split('\n')[0]]).toEqual([2, 'binlens: --format must be one of json, cyclonedx, cyclonedx-xml, spdx, spdx-tag-value, table, sarif, not "bdba"']);
  });
});
