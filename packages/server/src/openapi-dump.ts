import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { compose } from './composition.ts';
import { openDatabase } from './db/client.ts';
import { hoistTitledSchemas } from './plugins/openapi-components.ts';

// Writes the OpenAPI document to argv[2]; the web package generates its client types from it.
const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: node src/openapi-dump.ts OUTPUT.json\n');
  process.exit(2);
}
const scratch = await mkdtemp(path.join(os.tmpdir(), 'binlens-openapi-'));
const database = await openDatabase({});
const app = await buildApp({ composition: compose({ database, blobDir: scratch, queue: false }) });
try {
  await writeFile(path.resolve(target), `${JSON.stringify(hoistTitledSchemas(app.swagger()), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
}
