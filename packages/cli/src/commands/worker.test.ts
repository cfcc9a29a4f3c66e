import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

describe('binlens worker', () => {
  it('refuses to start on the embedded database, saying why', async () => {
    expect(await runCli(['worker'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "binlens worker: binlens worker needs PostgreSQL (set DATABASE_URL to the server's database): the embedded PGlite database belongs to the one server process and cannot be shared. With PGlite, the server runs the scans itself (BINLENS_SCAN_CONCURRENCY).\n",
    });
  });

  it('names the variable of a bad setting', async () => {
    const run = await runCli(['worker'], '', { DATABASE_URL: 'postgres://127.0.0.1:1/none', BINLENS_S3_ENDPOINT: 'ftp://x', BINLENS_S3_BUCKET: 'blobs' });
    expect([run.code, run.stderr]).toEqual([2, 'binlens worker: BINLENS_S3_ENDPOINT must be an http:// or https:// URL, got "ftp://x"\n']);
  });

  it('takes no arguments', async () => {
    const run = await runCli(['worker', 'extra']);
    expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, 'binlens: unexpected argument "extra"']);
  });
});
