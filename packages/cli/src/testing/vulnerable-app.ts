// What the CI tests scan: a directory with components that vulndb's OSV feed fixtures know
// vulnerable, one of them inside an archive, and a knowledge base imported from those feeds.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './run-cli.ts';
import { tar } from './tar.ts';

/** GHSA-35jh-r3h4-6jhm = CVE-2021-23337 (lodash and lodash-es < 4.17.21, CVSS 3.1 7.2 high); GHSA-v845-jxx5-vc9f = CVE-2023-43804 (urllib3 < 1.26.17, 5.9 medium). */
export const FEED_FILES = ['osv-ghsa-35jh-r3h4-6jhm.json', 'osv-ghsa-v845-jxx5-vc9f.json']
  .map((name) => fileURLToPath(new URL(`../../../vulndb/fixtures/feeds/${name}`, import.meta.url)));

export const LODASH_PACKAGE = JSON.stringify({ name: 'lodash', version: '4.17.20', license: 'MIT' });

/**
 * DIR/app: node_modules/lodash (4.17.20), requirements.txt pinning urllib3 1.26.5, and
 * vendor/bundle.tar holding node_modules/lodash-es (4.17.20).
 */
export async function makeVulnerableApp(dir: string): Promise<string> {
  const app = join(dir, 'app');
  await mkdir(join(app, 'node_modules', 'lodash'), { recursive: true });
  await mkdir(join(app, 'vendor'), { recursive: true });
  await writeFile(join(app, 'node_modules', 'lodash', 'package.json'), LODASH_PACKAGE);
  await writeFile(join(app, 'requirements.txt'), 'urllib3==1.26.5\n');
  await writeFile(join(app, 'vendor', 'bundle.tar'), tar([{ path: 'node_modules/lodash-es/package.json', content: JSON.stringify({ name: 'lodash-es', version: '4.17.20' }) }]));
  return app;
}

/** Imports the feed fixtures into the knowledge base under `dataDir` (slow: PGlite is made and migrated). */
export async function importFeeds(dataDir: string): Promise<void> {
  const imported = await runCli(['db', 'import', ...FEED_FILES, '--data-dir', dataDir]);
  if (imported.code !== 0) throw new Error(imported.stderr);
}
