// Homebrew casks: `Caskroom/<token>/.metadata/<version>/<timestamp>/Casks/<token>.rb`
// (or `.json` when installed from the API), the cask definition Homebrew keeps for each
// installed version. The path names the cask and its version; `latest` (a cask that does
// not version its downloads) is no version.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'homebrew/caskroom';
// Sample: `opt/homebrew/Caskroom/firefox/.metadata/122.0/20240125093000.123/Casks/firefox.rb`.
const CASK_FILE = /(^|\/)Caskroom\/([^/]+)\/\.metadata\/([^/]+)\/[^/]+\/Casks\/\2\.(rb|json)$/;

export const homebrewCaskroom: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.includes('Caskroom/') && CASK_FILE.test(innerPath),
  // The path is the metadata; the cask file itself is not read.
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const match = CASK_FILE.exec(file.innerPath);
  if (!match) return result;
  const name = match[2] ?? '';
  const version = match[3] === 'latest' ? '' : (match[3] ?? '');
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'DP',
      vendor: '',
      purl: formatPurl({ type: 'generic', namespace: 'homebrew-cask', name, version: version || undefined }),
      evidence: [metadataEvidence(NAME, file.path, `Caskroom/${name}/.metadata/${match[3] ?? ''}`)],
    }),
  );
  return result;
}
