// cabal-install's build plan, `dist-newstyle/cache/plan.json`: `install-plan[]` entries with
// `pkg-name`, `pkg-version`, `type` (`pre-existing`: GHC's own packages; `configured`)
// and `style` (`global` from Hackage, `local` the project's own). A package split into
// components (lib, exe:x) appears once per component: reported once.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'haskell/cabal-plan';

export const cabalPlan: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('dist-newstyle/cache/plan.json'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value) || !Array.isArray(parsed.value['install-plan'])) {
    malformed(result, file.path, 'error' in parsed ? parsed.error : 'plan.json without an "install-plan" list');
    return result;
  }
  const seen = new Set<string>();
  for (const [i, entry] of parsed.value['install-plan'].entries()) {
    const name = isRecord(entry) ? stringField(entry, 'pkg-name') : '';
    const version = isRecord(entry) ? stringField(entry, 'pkg-version') : '';
    if (!isRecord(entry) || name === '' || version === '') {
      malformed(result, file.path, `install-plan entry ${i} without pkg-name or pkg-version`);
      continue;
    }
    if (seen.has(`${name}@${version}`)) continue;
    seen.add(`${name}@${version}`);
    const style = stringField(entry, 'style') || stringField(entry, 'type');
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'hackage', name, version }),
        evidence: [metadataEvidence(NAME, file.path, `"id": "${stringField(entry, 'id')}" (${style})`)],
      }),
    );
  }
  return result;
}
