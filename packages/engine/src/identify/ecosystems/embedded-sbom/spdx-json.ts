// SPDX 2.x JSON documents shipped inside the input (`*.spdx.json`: Chainguard/Wolfi's
// `var/lib/db/sbom/`, sbom-tool's `_manifest/spdx_2.2/manifest.spdx.json`, SBOMs next to
// an application): each `packages[]` entry is a component with the document's purl
// (`externalRefs` of type `purl`), CPEs, and declared (else concluded) licence.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { MAX_SBOM_PACKAGES, NOT_PACKAGES, type SbomPackage, declaredLicense, sbomComponent } from '../../parse/sbom-component.ts';

const NAME = 'embedded-sbom/spdx-json';
// Samples: `sbom.spdx.json`, `var/lib/db/sbom/busybox-1.36.1-r15.spdx.json`, `bom.json`.
const SPDX_JSON_PATH = /(^|\/)([^/]+\.spdx\.json|s?bom\.json)$/;

export const spdxJson: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => SPDX_JSON_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  return catalogSpdxJson(NAME, file, innerPathIsSpdx(file.innerPath));
}

function innerPathIsSpdx(innerPath: string): boolean {
  return innerPath.endsWith('.spdx.json');
}

/**
 * Reads an SPDX 2 JSON document. `expected`: the file's name says SPDX, so a document
 * that is not one is a problem; otherwise (a generic `bom.json`) it is quietly left to
 * the other SBOM readers.
 */
export async function catalogSpdxJson(foundBy: string, file: CatalogFile, expected: boolean): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value) || typeof parsed.value.spdxVersion !== 'string') {
    if (expected) malformed(result, file.path, 'error' in parsed ? parsed.error : 'not an SPDX JSON document (no spdxVersion)');
    return result;
  }
  const doc = parsed.value;
  const packages = Array.isArray(doc.packages) ? doc.packages : [];
  if (packages.length > MAX_SBOM_PACKAGES) malformed(result, file.path, `${packages.length} packages; the first ${MAX_SBOM_PACKAGES} read`);
  for (const [i, entry] of packages.slice(0, MAX_SBOM_PACKAGES).entries()) {
    const p = isRecord(entry) ? spdxPackage(entry, stringField(doc, 'name')) : undefined;
    if (p === undefined) malformed(result, file.path, `packages[${i}] without a name`);
    else if (p !== 'skip') result.components.push(sbomComponent(foundBy, file.path, p));
  }
  return result;
}

function spdxPackage(entry: Record<string, unknown>, documentName: string): SbomPackage | 'skip' | undefined {
  const name = stringField(entry, 'name');
  if (name === '') return undefined;
  if (NOT_PACKAGES.has(stringField(entry, 'primaryPackagePurpose'))) return 'skip';
  const refs = (Array.isArray(entry.externalRefs) ? entry.externalRefs : []).filter(isRecord);
  const locator = (type: string) => refs.filter((r) => stringField(r, 'referenceType') === type).map((r) => stringField(r, 'referenceLocator')).filter((l) => l !== '');
  const license = declaredLicense(entry.licenseDeclared) ?? declaredLicense(entry.licenseConcluded);
  const version = stringField(entry, 'versionInfo');
  return {
    name,
    version,
    purl: locator('purl')[0] ?? '',
    cpes: [...locator('cpe23Type'), ...locator('cpe22Type')],
    licenses: license === undefined ? [] : [license],
    text: `${stringField(entry, 'SPDXID')}: ${name}${version ? ` ${version}` : ''}${documentName ? ` (SPDX document "${documentName}")` : ''}`,
  };
}
