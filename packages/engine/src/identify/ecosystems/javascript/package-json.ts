// npm package manifests: every package.json with a name and a version is a
// package (installed under node_modules, or bundled). Licence from `license`
// (SPDX expression or the old `{type}` object) or the deprecated `licenses` array.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'javascript/package-json';
/** Manifests are small; a multi-megabyte one is not worth parsing. */
const MAX_MANIFEST = 1024 * 1024;

export const packageJson: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'package.json' || innerPath.endsWith('/package.json'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result: CatalogResult = { components: [], problems: [] };
  const bytes = await file.read();
  if (bytes.length > MAX_MANIFEST) {
    result.problems.push({ level: 'info', location: file.path, code: 'limit-exceeded', message: `package.json of ${bytes.length} bytes skipped` });
    return result;
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    result.problems.push({ level: 'warning', location: file.path, code: 'malformed', message: `not JSON: ${(err as Error).message}` });
    return result;
  }
  if (!isRecord(manifest)) return result;
  const { name, version } = manifest;
  // Workspace roots and templates often lack a name or version: not packages.
  if (typeof name !== 'string' || typeof version !== 'string' || name === '' || version === '') return result;
  // Scoped names, sample `@babel/core`.
  const scoped = /^@([^/]+)\/(.+)$/.exec(name);
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'JS',
      vendor: '',
      purl: formatPurl({ type: 'npm', namespace: scoped ? `@${scoped[1]}` : undefined, name: scoped?.[2] ?? name, version }),
      licenses: licenses(manifest),
      evidence: [{ method: 'package-metadata', foundBy: NAME, path: file.path, text: `"name": "${name}", "version": "${version}"` }],
    }),
  );
  return result;
}

function licenses(manifest: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '') out.push(value.trim());
    else if (isRecord(value) && typeof value.type === 'string' && value.type.trim() !== '') out.push(value.type.trim());
  };
  add(manifest.license);
  if (Array.isArray(manifest.licenses)) manifest.licenses.forEach(add);
  return [...new Set(out)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
