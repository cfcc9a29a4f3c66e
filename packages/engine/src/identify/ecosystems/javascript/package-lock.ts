// npm lock files: `package-lock.json` and `npm-shrinkwrap.json`, lockfileVersion 1
// (nested `dependencies`), 2 (both) and 3 (`packages` keyed by install path, sample
// `node_modules/@babel/core`). Version 2/3: `packages` is authoritative; links and the
// root project (key "") are not dependencies.
import type { Component } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence, npmNameParts } from '../../evidence.ts';
import { isRecord, licenseValues, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'javascript/package-lock';
// Samples: `package-lock.json`, `app/npm-shrinkwrap.json`, `node_modules/.package-lock.json` (npm 7+ hidden lock).
const LOCK_PATH = /(^|\/)(package-lock|npm-shrinkwrap|\.package-lock)\.json$/;

export const packageLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => LOCK_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed) {
    malformed(result, file.path, parsed.error);
    return result;
  }
  const lock = parsed.value;
  if (!isRecord(lock)) {
    malformed(result, file.path, 'lock file is not a JSON object');
    return result;
  }
  const add = (name: string, version: string, license: unknown, text: string): void => {
    result.components.push(npmComponent(name, version, licenseValues(license), file.path, text));
  };
  if (isRecord(lock.packages)) {
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (key === '' || !isRecord(entry) || entry.link === true) continue;
      // The name is the last `node_modules/` segment of the key unless the entry names itself (aliases).
      const at = key.lastIndexOf('node_modules/');
      const name = stringField(entry, 'name') || (at < 0 ? '' : key.slice(at + 'node_modules/'.length));
      const version = stringField(entry, 'version');
      if (version === '' || name === '') continue;
      add(name, version, entry.license, `"${key}": "${version}"`);
    }
  } else if (isRecord(lock.dependencies)) {
    walkV1(lock.dependencies, add, 0);
  } else {
    malformed(result, file.path, 'neither "packages" nor "dependencies" in the lock file');
  }
  return result;
}

type Add = (name: string, version: string, license: unknown, text: string) => void;
/** v1 nesting mirrors node_modules; deeper than this is a cycle or a crafted file. */
const MAX_DEPTH = 64;

function walkV1(dependencies: Record<string, unknown>, add: Add, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const [name, entry] of Object.entries(dependencies)) {
    if (!isRecord(entry)) continue;
    const version = stringField(entry, 'version');
    // `file:`, `git+...` and `npm:alias@1.0.0` are not registry versions of `name`.
    if (version !== '' && !/^(file:|link:|git|github:|https?:)/.test(version)) add(name, version.replace(/^npm:.*@/, ''), undefined, `"${name}": {"version": "${version}"}`);
    if (isRecord(entry.dependencies)) walkV1(entry.dependencies, add, depth + 1);
  }
}

function npmComponent(name: string, version: string, licenses: string[], path: string[], text: string): Component {
  return makeComponent({
    name,
    version,
    codetype: 'JS',
    vendor: '',
    purl: formatPurl({ type: 'npm', ...npmNameParts(name), version }),
    licenses,
    evidence: [metadataEvidence(NAME, path, text)],
  });
}
