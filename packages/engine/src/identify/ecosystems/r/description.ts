// Installed R packages: `<library>/<package>/DESCRIPTION` in DCF (the deb822 syntax),
// as `R CMD INSTALL` leaves it: Package, Version, License, and the `Built:` line it adds
// (R version; platform; date; OS type). A DESCRIPTION without `Built:` is a source tree,
// not an installed package: skipped.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { parseDeb822 } from '../../parse/deb822.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'r/description';
// Samples: `usr/lib/R/site-library/jsonlite/DESCRIPTION`, `usr/lib/R/library/base/DESCRIPTION`,
// `renv/library/R-4.3/x86_64-pc-linux-gnu/cli/DESCRIPTION`, `R/x86_64-pc-linux-gnu-library/4.3/cli/DESCRIPTION`.
const DESCRIPTION_PATH = /(^|\/)[^/]*library\/(?:[^/]+\/){0,3}[A-Za-z][A-Za-z0-9.]*\/DESCRIPTION$/;

export const rDescription: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('/DESCRIPTION') && DESCRIPTION_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const paragraph = parseDeb822((await file.read()).toString('utf8')).paragraphs[0];
  const fields = paragraph?.fields;
  const built = fields?.get('built');
  if (!fields || built === undefined) return result;
  const name = fields.get('package') ?? '';
  const version = fields.get('version') ?? '';
  if (name === '' || version === '') {
    malformed(result, file.path, `installed DESCRIPTION without ${name === '' ? 'Package' : 'Version'}`);
    return result;
  }
  const license = (fields.get('license') ?? '').replace(/\s+/g, ' ').trim();
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'NA',
      vendor: '',
      purl: formatPurl({ type: 'cran', name, version }),
      licenses: license === '' ? [] : [license],
      evidence: [metadataEvidence(NAME, file.path, `Package: ${name}\nVersion: ${version}\nBuilt: ${built}`)],
    }),
  );
  return result;
}
