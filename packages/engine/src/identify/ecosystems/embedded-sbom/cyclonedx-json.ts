// CycloneDX JSON BOMs shipped inside the input (`bom.json`, `*.cdx.json`, `*.bom.json`,
// `*.cyclonedx.json`, `sbom.json`): every entry of `components[]`, nested ones included,
// with the BOM's purl, CPE and licences (`licenses[].license.id|name`, `expression`). The
// BOM's subject (`metadata.component`) is what the BOM describes, not something it lists.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { MAX_SBOM_PACKAGES, NOT_PACKAGES, type SbomPackage, sbomComponent } from '../../parse/sbom-component.ts';

const NAME = 'embedded-sbom/cyclonedx-json';
// Samples: `bom.json`, `app/sbom.cdx.json`, `usr/share/sbom/app.cyclonedx.json`, `x.bom.json`.
const CYCLONEDX_JSON_PATH = /(^|\/)(s?bom\.json|[^/]+\.(cdx|bom|cyclonedx)\.json)$/;
/** Nested components deeper than this are not followed. */
const MAX_DEPTH = 32;
/** Group-qualified names, as the ecosystem's own catalogers name them (`@babel/core`, `monolog/monolog`). */
const GROUP_IN_NAME = new Set(['npm', 'composer', 'golang']);

export const cyclonedxJson: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => CYCLONEDX_JSON_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const specific = !/(^|\/)s?bom\.json$/.test(file.innerPath);
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value) || parsed.value.bomFormat !== 'CycloneDX') {
    // A generic `bom.json` may be another SBOM format; a `.cdx.json` must be CycloneDX.
    if (specific) malformed(result, file.path, 'error' in parsed ? parsed.error : 'not a CycloneDX document (no "bomFormat": "CycloneDX")');
    return result;
  }
  const serial = stringField(parsed.value, 'serialNumber');
  const pending: { value: unknown; depth: number }[] = [{ value: parsed.value.components, depth: 0 }];
  let read = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop() ?? { value: undefined, depth: 0 };
    if (!Array.isArray(value)) continue;
    if (depth > MAX_DEPTH) {
      malformed(result, file.path, `components nested deeper than ${MAX_DEPTH} not read`);
      continue;
    }
    // Reversed onto the stack, so the document's order is kept.
    for (const entry of [...value].reverse()) if (isRecord(entry) && Array.isArray(entry.components)) pending.push({ value: entry.components, depth: depth + 1 });
    for (const entry of value) {
      if (++read > MAX_SBOM_PACKAGES) {
        malformed(result, file.path, `more than ${MAX_SBOM_PACKAGES} components; the rest not read`);
        return result;
      }
      const p = isRecord(entry) ? cyclonedxPackage(entry, serial) : undefined;
      if (p === undefined) malformed(result, file.path, `a component without a name (${isRecord(entry) ? stringField(entry, 'bom-ref') || 'no bom-ref' : 'not an object'})`);
      else if (p !== 'skip') result.components.push(sbomComponent(NAME, file.path, p));
    }
  }
  return result;
}

function cyclonedxPackage(entry: Record<string, unknown>, serial: string): SbomPackage | 'skip' | undefined {
  const bare = stringField(entry, 'name');
  if (bare === '') return undefined;
  if (NOT_PACKAGES.has(stringField(entry, 'type'))) return 'skip';
  const purl = stringField(entry, 'purl');
  const group = stringField(entry, 'group');
  const type = /^pkg:([^/]+)\//.exec(purl)?.[1]?.toLowerCase() ?? '';
  const name = group !== '' && GROUP_IN_NAME.has(type) ? `${group}/${bare}` : bare;
  const version = stringField(entry, 'version');
  const cpe = stringField(entry, 'cpe');
  return {
    name,
    version,
    purl,
    cpes: cpe === '' ? [] : [cpe],
    licenses: cyclonedxLicenses(entry.licenses),
    text: `${stringField(entry, 'bom-ref') || name}${version ? ` ${version}` : ''}${serial ? ` (BOM ${serial})` : ''}`,
  };
}

/** Samples: `[{"license": {"id": "MIT"}}]`, `[{"license": {"name": "Custom"}}]`, `[{"expression": "MIT OR Apache-2.0"}]`. */
function cyclonedxLicenses(value: unknown): string[] {
  const out: string[] = [];
  for (const choice of Array.isArray(value) ? value : []) {
    if (!isRecord(choice)) continue;
    const expression = stringField(choice, 'expression');
    const license = isRecord(choice.license) ? stringField(choice.license, 'id') || stringField(choice.license, 'name') : '';
    if (expression !== '') out.push(expression);
    if (license !== '') out.push(license);
  }
  return [...new Set(out)];
}
