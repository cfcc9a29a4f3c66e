// Server overhead of a scan: the time from the start of an upload to READY for a ~50 MB
// firmware-like image (built by firmware-image.ts), against `binlens scan` of the same file in
// the same run. The server is started as `npm start` does, on PGlite unless --database-url is
// given; the client polls as the web app does, but every 250 ms rather than 3 s, so polling
// adds little. Prints both times and their ratio.
//
//   node bench/server/upload-to-ready.ts [--megabytes 50] [--database-url URL]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { repoRoot, startServer } from '../../e2e/support/server-process.ts';
import { writeFirmwareImage } from './firmware-image.ts';

const { values } = parseArgs({ options: { megabytes: { type: 'string', default: '50' }, 'database-url': { type: 'string' } } });

const work = await mkdtemp(join(tmpdir(), 'binlens-upload-ready-'));
try {
  const image = join(work, 'firmware.bin');
  const size = await writeFirmwareImage(image, Number(values.megabytes) * 1e6);

  const cliStart = performance.now();
  const code = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [join(repoRoot, 'packages/cli/bin/binlens.js'), 'scan', image, '--format', 'table'], { stdio: 'ignore', env: { ...process.env, BINLENS_DATA_DIR: work } });
    child.once('exit', done);
  });
  const cliSeconds = (performance.now() - cliStart) / 1000;
  if (code !== 0) throw new Error(`binlens scan exited with ${code}`);

  const server = await startServer(values['database-url'] ? { databaseUrl: values['database-url'] } : {});
  try {
    const session = new ApiSession(server.baseUrl);
    const login = await session.login(server.adminEmail, server.adminPassword);
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const group = await session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Upload to ready' });
    const started = performance.now();
    const scan = await session.upload(group.id, image);
    const uploadSeconds = (performance.now() - started) / 1000;
    for (;;) {
      const state = await session.json<{ status: string; error: string | null }>('GET', `/rest/scans/${scan.id}/`);
      if (state.status === 'R') break;
      if (state.status === 'F') throw new Error(`the scan failed: ${state.error ?? ''}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    const serverSeconds = (performance.now() - started) / 1000;
    console.log(`input: ${(size / 1e6).toFixed(1)} MB firmware-like image (${values['database-url'] ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`binlens scan:     ${cliSeconds.toFixed(1)} s`);
    console.log(`upload to READY:  ${serverSeconds.toFixed(1)} s (of which the upload ${uploadSeconds.toFixed(1)} s)`);
    console.log(`server overhead:  ${(serverSeconds / cliSeconds).toFixed(2)}× the CLI's time`);
  } finally {
    await server.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
