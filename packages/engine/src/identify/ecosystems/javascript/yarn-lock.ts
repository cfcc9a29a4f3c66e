// yarn.lock, classic (v1, its own syntax: `"a@^1", a@^1.2:` then `  version "1.2.3"`)
// and berry (v2+, YAML: `"a@npm:^1":` then `  version: 1.2.3`). Both are read line by
// line: an unindented key line opens an entry, its indented `version` closes it.
// Workspace entries (`@workspace:`, version `0.0.0-use.local`) are the project, not dependencies.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence, npmNameParts } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'javascript/yarn-lock';
// Samples: `"@babel/core@^7.0.0", "@babel/core@^7.23.0":` (v1), `"lodash@npm:^4.17.21":` (berry), `lodash@^4.17.21:`.
const KEY = /^("?[^\s#].*):\s*$/;
// Samples: `  version "4.17.21"` (v1), `  version: 4.17.21` (berry).
const VERSION = /^\s+version:?\s+"?([^"\s]+)"?\s*$/;

export const yarnLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'yarn.lock' || innerPath.endsWith('/yarn.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  let key: { name: string; line: number; raw: string } | undefined;
  let entries = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const keyMatch = KEY.exec(line);
    if (keyMatch) {
      const descriptor = firstDescriptor(keyMatch[1] ?? '');
      key = descriptor === '__metadata' ? undefined : { name: packageName(descriptor), line: i + 1, raw: descriptor };
      entries++;
      return;
    }
    const versionMatch = VERSION.exec(line);
    if (!versionMatch || !key || /^\s{3,}/.test(line)) return;
    const version = versionMatch[1] ?? '';
    if (key.name === '') malformed(result, file.path, `line ${key.line}: no package name in "${key.raw}"`);
    else if (!key.raw.includes('@workspace:') && version !== '0.0.0-use.local') {
      result.components.push(
        makeComponent({
          name: key.name,
          version,
          codetype: 'JS',
          vendor: '',
          purl: formatPurl({ type: 'npm', ...npmNameParts(key.name), version }),
          evidence: [metadataEvidence(NAME, file.path, `${key.raw}: version ${version}`)],
        }),
      );
    }
    key = undefined;
  });
  if (entries === 0 && text.trim() !== '') malformed(result, file.path, 'no yarn.lock entries found');
  return result;
}

/** `"@babel/core@^7.0.0", "@babel/core@^7.23.0"` → `@babel/core@^7.0.0`. */
function firstDescriptor(key: string): string {
  return (key.split(',')[0] ?? '').trim().replace(/^"|"$/g, '');
}

/** `@babel/core@npm:^7.0.0` → `@babel/core`; `lodash@^4` → `lodash`; the `@` of a scope is not a separator. */
function packageName(descriptor: string): string {
  const at = descriptor.indexOf('@', 1);
  return at < 0 ? '' : descriptor.slice(0, at);
}
