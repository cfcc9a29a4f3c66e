// Walks the API as a script would: log in, create a group, upload FILE, poll every 3 s
// until the scan is no longer busy, then print its components.
//
//   node e2e/scripts/api-walkthrough.ts FILE [--url http://localhost:8080] [--email E] [--password P]
//
// Email and password default to BINLENS_ADMIN_EMAIL / BINLENS_ADMIN_PASSWORD.
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from '../support/api-session.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    email: { type: 'string', default: process.env.BINLENS_ADMIN_EMAIL ?? 'admin@localhost' },
    password: { type: 'string', default: process.env.BINLENS_ADMIN_PASSWORD ?? '' },
  },
});
const file = positionals[0];
if (!file) {
  console.error('usage: node e2e/scripts/api-walkthrough.ts FILE [--url URL] [--email E] [--password P]');
  process.exit(2);
}

const session = new ApiSession(values.url);
const login = await session.login(values.email, values.password);
if (login.status !== 200) {
  console.error(`login failed (${login.status}): ${await login.text()}`);
  process.exit(1);
}
const group = await session.json<{ id: number }>('POST', '/rest/groups/', { name: `Walkthrough ${new Date().toISOString()}` });
const scan = await session.upload(group.id, file);
console.error(`uploaded ${basename(file)} as scan ${scan.id} in group ${group.id}; waiting…`);
const final = await session.waitForScan(scan.id, 30 * 60_000);
console.error(`scan ${scan.id}: status ${final.status}${final.error ? ` (${final.error})` : ''}`);
if (final.status !== 'R') process.exit(1);

const result = await session.json<{ components: { lib: string; version: string; codetype: string; purl: string }[] }>(
  'GET',
  `/rest/scans/${scan.id}/result/`,
);
for (const c of result.components) console.log(`${c.lib}\t${c.version}\t${c.codetype}\t${c.purl}`);
