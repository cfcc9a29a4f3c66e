// poetry.lock (Poetry 1.x/2.x, TOML): `[[package]]` tables with `name` and `version`,
// one `key = "value"` per line as Poetry writes them. Nested tables
// (`[package.source]`, `[package.extras]`) end the package's plain keys.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';
import { readPackageTables } from '../../parse/toml-package-tables.ts';

const NAME = 'python/poetry-lock';

export const poetryLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'poetry.lock' || innerPath.endsWith('/poetry.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const packages = readPackageTables((await file.read()).toString('utf8'));
  if (packages.length === 0) malformed(result, file.path, 'no [[package]] tables in poetry.lock');
  for (const { fields, line } of packages) {
    const name = fields.get('name') ?? '';
    const version = fields.get('version') ?? '';
    if (name === '' || version === '') {
      malformed(result, file.path, `[[package]] at line ${line} without name or version`);
      continue;
    }
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'PY',
        vendor: '',
        purl: formatPurl({ type: 'pypi', name: name.toLowerCase().replace(/[-_.]+/g, '-'), version }),
        evidence: [metadataEvidence(NAME, file.path, `name = "${name}" version = "${version}"`)],
      }),
    );
  }
  return result;
}
