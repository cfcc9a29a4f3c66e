// Binlens's answer for one source file, from the engine's licence functions: the file's own
// SPDX tags, else licence texts/notices in its head, else the nearest licence file, else the
// nearest package.json licence (what the npm cataloger declares for the component).
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { matchLicenseText } from '../../packages/engine/src/licenses/match-text.ts';
import { spdxIdentifiers } from '../../packages/engine/src/licenses/spdx-identifier.ts';

const HEAD = 8192;
const LICENSE_FILE = /^(LICEN[CS]E|COPYING|COPYRIGHT)([-._].*)?$/i;
const inherited = new Map<string, string[]>();

export function oursFor(path: string, root: string): string[] {
  const head = readHead(path);
  const tags = spdxIdentifiers(head).map((m) => m.expression);
  if (tags.length > 0) return tags;
  const notices = matchLicenseText(head).map((m) => m.expression);
  if (notices.length > 0) return notices;
  return inheritedLicense(dirname(path), root);
}

function inheritedLicense(dir: string, root: string): string[] {
  const cached = inherited.get(dir);
  if (cached) return cached;
  let found = licenseFilesIn(dir);
  if (found.length === 0) found = packageJsonLicense(dir);
  if (found.length === 0 && relative(root, dir) !== '' && !relative(root, dir).startsWith('..')) found = inheritedLicense(dirname(dir), root);
  inherited.set(dir, found);
  return found;
}

function licenseFilesIn(dir: string): string[] {
  const out = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!LICENSE_FILE.test(name)) continue;
    for (const m of matchLicenseText(readFileSync(join(dir, name), 'utf8').slice(0, 1 << 20))) out.add(m.expression);
  }
  return [...out];
}

function packageJsonLicense(dir: string): string[] {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return [];
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { license?: unknown; licenses?: unknown };
    if (typeof json.license === 'string') return [json.license];
    if (json.license && typeof json.license === 'object' && 'type' in json.license) return [String(json.license.type)];
    if (Array.isArray(json.licenses)) return json.licenses.map((l: unknown) => String(typeof l === 'object' && l && 'type' in l ? l.type : l));
  } catch {
    // Not JSON: no licence from it.
  }
  return [];
}

function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, HEAD, 0));
  } finally {
    closeSync(fd);
  }
}
