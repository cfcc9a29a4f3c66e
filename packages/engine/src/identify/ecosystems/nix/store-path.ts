// Nix store paths: `/nix/store/<32-char hash>-<name>-<version>[-<output>]/…`. The name is
// split as Nix's own `builtins.parseDrvName` does (the version starts after the first `-`
// that is followed by a character other than a letter), then a conventional output suffix
// (`-bin`, `-dev`, `-lib`, …) is taken off the version into the purl's `output`.
// Every file of a store path gives the same component with the same evidence, pointing at
// the store path (the directory): merged into one per store path, however many files it
// holds, with no listing to walk. Each file is owned by its store path (signature hits in
// it name the package). Store paths without a version (`-source`, `-etc`) are not packages.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'nix/store-path';
// Sample: `nix/store/0c7hd1f2m3dv0jpqp6ld3a1wsyrfyb4y-openssl-3.0.12-bin/bin/openssl`
// (Nix's base-32 alphabet has no e, o, t, u).
const STORE_FILE = /(^|\/)nix\/store\/([0-9a-df-np-sv-z]{32})-([^/]+)\//;
// Outputs nixpkgs names beside `out`; sample `util-linux-2.39.2-lib`.
const OUTPUT = /-(bin|dev|lib|out|man|doc|devdoc|info|debug|static)$/;

export const nixStorePath: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.includes('nix/store/') && STORE_FILE.test(innerPath),
  // Nothing is read: the store path's name is the metadata.
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const match = STORE_FILE.exec(file.innerPath);
  if (!match) return result;
  const storeName = match[3] ?? '';
  const parsed = parseDrvName(storeName);
  const output = OUTPUT.exec(parsed.version)?.[1];
  const version = output === undefined ? parsed.version : parsed.version.slice(0, -output.length - 1);
  if (parsed.name === '' || version === '' || storeName.endsWith('.drv')) return result;
  const storePath = file.innerPath.slice(0, (match.index ?? 0) + match[0].length - 1);
  const component = makeComponent({
    name: parsed.name,
    version,
    codetype: 'DP',
    vendor: '',
    purl: formatPurl({ type: 'generic', namespace: 'nix', name: parsed.name, version, qualifiers: { output } }),
    evidence: [metadataEvidence(NAME, [...file.path.slice(0, -1), storePath], `/${storePath.slice(storePath.indexOf('nix/store/'))}`)],
  });
  result.components.push(component);
  result.owned = [{ component, root: '', files: [file.innerPath] }];
  return result;
}

/** Nix's `parseDrvName`: `hello-2.12.1` → hello, 2.12.1; `python3.11-requests-2.31.0` → python3.11-requests, 2.31.0. */
export function parseDrvName(storeName: string): { name: string; version: string } {
  for (let i = 0; i < storeName.length - 1; i++) {
    if (storeName[i] === '-' && !/[A-Za-z]/.test(storeName[i + 1] ?? '')) return { name: storeName.slice(0, i), version: storeName.slice(i + 1) };
  }
  return { name: storeName, version: '' };
}
