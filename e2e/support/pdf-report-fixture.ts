// What the PDF report journey scans: a router's root file system with zlib 1.2.13 (its version
// string in a real shared library from the engine's fixtures), programs built without PIE and
// with an executable stack, lodash 4.17.20 in its web UI and a configuration that leaks an
// address; and a knowledge base, made by the CLI from vulndb's NVD and OSV fixtures, that gives
// zlib CVE-2023-45853 (critical) and lodash CVE-2021-23337 (high).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tar } from '../../packages/server/test/files.ts';
import { bundleOf, FEED_FIXTURES } from './bundles.ts';

const executable = (name: string) => readFileSync(new URL(`../../packages/engine/fixtures/executables/${name}/${name}`, import.meta.url));

export const ZLIB_CVE = 'CVE-2023-45853';
export const LODASH_CVE = 'CVE-2021-23337';

export function routerRootFs(): Buffer {
  const libz = Buffer.concat([executable('elf-shared'), Buffer.from('\0 deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly and Mark Adler \0')]);
  return tar([
    { path: 'usr/lib/libz.so.1.2.13', content: libz },
    { path: 'usr/bin/legacy-cgi', content: executable('elf-nopie') },
    { path: 'usr/bin/stackrunner', content: executable('elf-execstack') },
    { path: 'www/node_modules/lodash/package.json', content: JSON.stringify({ name: 'lodash', version: '4.17.20', license: 'MIT' }) },
    { path: 'etc/uplink.conf', content: 'server=https://updates.example-router.net/firmware\ncontact=noc@example-router.net\n' },
  ]);
}

/** `binlens db import` of the two records, then `binlens db export-bundle`; the bundle's path (support/bundles.ts). */
export function makeReportBundle(): Promise<string> {
  return bundleOf([join(FEED_FIXTURES, 'nvd-cve-2023-45853.json'), join(FEED_FIXTURES, 'osv-ghsa-35jh-r3h4-6jhm.json')]);
}
