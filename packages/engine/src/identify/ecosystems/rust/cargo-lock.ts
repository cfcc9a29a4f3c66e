// Cargo.lock (versions 1-4): `[[package]]` tables with `name`, `version`, `source`.
// Read line by line: Cargo writes one `key = "value"` per line. Crates without a
// source are the workspace's own (path) crates: reported, since they are shipped code.
// Code type NA: the spec's list has no Rust type; Rust compiles to native code.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';
import { readPackageTables } from '../../parse/toml-package-tables.ts';

const NAME = 'rust/cargo-lock';

export const cargoLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'Cargo.lock' || innerPath.endsWith('/Cargo.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const packages = readPackageTables((await file.read()).toString('utf8'));
  if (packages.length === 0) malformed(result, file.path, 'no [[package]] tables in Cargo.lock');
  for (const { fields, line } of packages) {
    const name = fields.get('name') ?? '';
    const version = fields.get('version') ?? '';
    if (name === '' || version === '') {
      malformed(result, file.path, `[[package]] at line ${line} without name or version`);
      continue;
    }
    const source = fields.get('source') ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        // Crates from git or another registry keep where they came from (purl `repository_url`/`vcs_url`).
        purl: formatPurl({
          type: 'cargo',
          name,
          version,
          qualifiers: { vcs_url: source.startsWith('git+') ? source.slice(4) : undefined, repository_url: source.startsWith('registry+') && !source.includes('crates.io-index') ? source.slice(9) : undefined },
        }),
        evidence: [metadataEvidence(NAME, file.path, `name = "${name}" version = "${version}"${source ? ` source = "${source}"` : ''}`)],
      }),
    );
  }
  return result;
}
