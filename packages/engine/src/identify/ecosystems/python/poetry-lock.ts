// poetry.lock (Poetry 1.x/2.x, TOML): `[[package]]` tables with `name` and `version`,
// one `key = "value"` per line as Poetry writes them. Nested tables
// (`[package.source]`, `[package.extras]`) end the package's plain keys.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'python/poetry-lock';
// Sample: `version = "2.31.0"`.
const KEY_VALUE = /^([a-z_-]+)\s*=\s*"([^"]*)"\s*$/;

export const poetryLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'poetry.lock' || innerPath.endsWith('/poetry.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const packages: { fields: Map<string, string>; line: number }[] = [];
  let current: Map<string, string> | undefined;
  (await file.read()).toString('utf8').split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '[[package]]') {
      current = new Map();
      packages.push({ fields: current, line: i + 1 });
    } else if (line.startsWith('[')) current = undefined;
    else if (current) {
      const match = KEY_VALUE.exec(line);
      if (match) current.set(match[1] ?? '', match[2] ?? '');
    }
  });
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
