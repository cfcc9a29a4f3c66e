// Through the API alone, on PGlite and on PostgreSQL: log in, create a group, upload a
// real .deb, wait for R, read its components; the CLI must print the same components.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { binlens } from './support/bundles.ts';
import { databaseTargets } from './support/databases.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');

interface ResultComponent {
  lib: string;
  version: string;
  codetype: string;
  purl: string;
  objects: { extended_fullpath: string[] }[];
}

const summary = (components: ResultComponent[]) =>
  components.map((c) => ({ lib: c.lib, version: c.version, codetype: c.codetype, purl: c.purl }));

describe.each(databaseTargets())('API journey on $name', (target) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ databaseUrl: await target.create() });
  });
  afterAll(async () => {
    await server?.stop();
    await target.drop();
  });

  it('rejects wrong credentials with a clear 400', async () => {
    const session = new ApiSession(server.baseUrl);
    const response = await session.login(server.adminEmail, 'wrong password');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Unable to log in with the provided credentials.'],
    });
  });

  it('uploads a .deb and lists its components with exact versions, as the CLI does', async () => {
    const session = new ApiSession(server.baseUrl);
    expect((await session.login(server.adminEmail, server.adminPassword)).status).toBe(200);

    const group = await session.json<{ id: number; name: string }>('POST', '/rest/groups/', { name: 'Firmware team' });
    expect(group.name).toBe('Firmware team');

    const uploaded = await session.upload(group.id, demoDeb);
    // Any busy code: a worker may take the scan before the answer reads it back.
    expect(uploaded.status).toMatch(/^[BSPD]$/);
    const final = await session.waitForScan(uploaded.id);
    expect(final).toMatchObject({ status: 'R', error: null });

    const result = await session.json<{ components: ResultComponent[] }>('GET', `/rest/scans/${uploaded.id}/result/`);
    expect(summary(result.components)).toEqual([
      { lib: '@types/node', version: '20.11.5', codetype: 'JS', purl: 'pkg:npm/%40types/node@20.11.5' },
      {
        lib: 'binlens-demo',
        version: '1.4.2-1',
        codetype: 'DP',
        purl: 'pkg:deb/debian/binlens-demo@1.4.2-1?arch=amd64',
      },
      { lib: 'left-pad', version: '1.3.0', codetype: 'JS', purl: 'pkg:npm/left-pad@1.3.0' },
    ]);

    const { stdout } = await binlens('scan', demoDeb, '--format', 'json');
    const cli = JSON.parse(stdout) as { components: ResultComponent[] };
    expect(summary(cli.components)).toEqual(summary(result.components));
    expect(cli.components.map((c) => c.objects)).toEqual(result.components.map((c) => c.objects));
  });

  it('answers 404 for an unknown scan', async () => {
    const session = new ApiSession(server.baseUrl);
    await session.login(server.adminEmail, server.adminPassword);
    const response = await session.request('GET', '/rest/scans/987654/');
    expect(response.status).toBe(404);
  });
});
