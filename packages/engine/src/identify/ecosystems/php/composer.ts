// Composer: `composer.lock` (`packages` and `packages-dev`) and the installed set
// `vendor/composer/installed.json` (Composer 1: an array; Composer 2: `{packages: [...]}`).
// Names are `vendor/project`; the purl namespace is the vendor.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, licenseValues, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'php/composer';
// Samples: `composer.lock`, `app/vendor/composer/installed.json`.
const COMPOSER_PATH = /(^|\/)(composer\.lock|vendor\/composer\/installed\.json)$/;

export const composer: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => COMPOSER_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed) {
    malformed(result, file.path, parsed.error);
    return result;
  }
  const doc = parsed.value;
  const lists = Array.isArray(doc) ? [doc] : isRecord(doc) ? [doc.packages, doc['packages-dev']].filter(Array.isArray) : [];
  if (lists.length === 0) {
    malformed(result, file.path, 'no "packages" list');
    return result;
  }
  for (const entry of lists.flat()) {
    if (!isRecord(entry)) continue;
    const name = stringField(entry, 'name');
    // Composer keeps the tag as written (`v6.4.3`); `version_normalized` is its own scheme, not the release name.
    const version = stringField(entry, 'version');
    if (name === '' || version === '') {
      malformed(result, file.path, `package entry without name or version${name ? ` (${name})` : ''}`);
      continue;
    }
    const slash = name.indexOf('/');
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'CP',
        vendor: slash > 0 ? name.slice(0, slash) : '',
        purl: formatPurl({ type: 'composer', namespace: slash > 0 ? name.slice(0, slash) : undefined, name: name.slice(slash + 1), version }),
        licenses: licenseValues(entry.license),
        evidence: [metadataEvidence(NAME, file.path, `"name": "${name}", "version": "${version}"`)],
      }),
    );
  }
  return result;
}
