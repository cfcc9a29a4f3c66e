// Pipfile.lock (pipenv, JSON): `default` and `develop` map names to `{"version": "==2.31.0"}`.
// Entries without an exact `==` version (git or path dependencies) are not reported.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'python/pipfile-lock';
// Sample: `==2.31.0`.
const EXACT = /^===?\s*([0-9][0-9A-Za-z.!+_-]*)$/;

export const pipfileLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'Pipfile.lock' || innerPath.endsWith('/Pipfile.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? `Pipfile.lock: ${parsed.error}` : 'Pipfile.lock is not a JSON object');
    return result;
  }
  const root = parsed.value;
  for (const section of ['default', 'develop']) {
    const entries = root[section];
    if (!isRecord(entries)) continue;
    for (const [name, entry] of Object.entries(entries)) {
      const version = EXACT.exec(isRecord(entry) ? stringField(entry, 'version') : '')?.[1];
      if (!version) continue;
      result.components.push(
        makeComponent({
          name,
          version,
          codetype: 'PY',
          vendor: '',
          purl: formatPurl({ type: 'pypi', name: name.toLowerCase().replace(/[-_.]+/g, '-'), version }),
          evidence: [metadataEvidence(NAME, file.path, `${section}: "${name}": {"version": "==${version}"}`)],
        }),
      );
    }
  }
  return result;
}
