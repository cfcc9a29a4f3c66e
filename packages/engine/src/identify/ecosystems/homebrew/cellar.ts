// Homebrew formulae: `Cellar/<formula>/<version>/INSTALL_RECEIPT.json`, which `brew install`
// writes into every keg (tap, spec, versions, runtime_dependencies). The keg's directory
// names the formula and the installed version with its revision (`3.2.0_1`); the receipt
// names the tap. The licence is the `license "…"` line of the formula kept in the keg
// (`.brew/<formula>.rb`), when it is a plain string.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'homebrew/cellar';
// Samples: `opt/homebrew/Cellar/openssl@3/3.2.0_1/INSTALL_RECEIPT.json`, `home/linuxbrew/.linuxbrew/Cellar/jq/1.7.1/INSTALL_RECEIPT.json`.
const RECEIPT = /(^|\/)Cellar\/([^/]+)\/([^/]+)\/INSTALL_RECEIPT\.json$/;
// Sample formula line: `  license "Apache-2.0"`.
const LICENSE_LINE = /^\s*license\s+"([^"]+)"\s*$/m;

export const homebrewCellar: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('/INSTALL_RECEIPT.json') && RECEIPT.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const match = RECEIPT.exec(file.innerPath);
  const parsed = parseJson(await file.read());
  if (!match || 'error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? parsed.error : 'INSTALL_RECEIPT.json is not a JSON object');
    return result;
  }
  const name = match[2] ?? '';
  const version = match[3] ?? '';
  const source = isRecord(parsed.value.source) ? parsed.value.source : {};
  const tap = stringField(source, 'tap');
  const keg = file.innerPath.slice(0, file.innerPath.lastIndexOf('/') + 1);
  const formula = await file.readSibling(`${keg}.brew/${name}.rb`);
  const license = formula === undefined ? undefined : LICENSE_LINE.exec(formula.subarray(0, 65536).toString('utf8'))?.[1];
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'DP',
      vendor: '',
      // No purl type for Homebrew in the spec: generic, with the tap when it is not the core one.
      purl: formatPurl({ type: 'generic', namespace: 'homebrew', name, version, qualifiers: { tap: tap !== '' && tap !== 'homebrew/core' ? tap : undefined } }),
      licenses: license === undefined ? [] : [license],
      evidence: [metadataEvidence(NAME, file.path, `Cellar/${name}/${version} (tap ${tap || 'unknown'}, homebrew ${stringField(parsed.value, 'homebrew_version') || 'unknown'})`)],
    }),
  );
  return result;
}
