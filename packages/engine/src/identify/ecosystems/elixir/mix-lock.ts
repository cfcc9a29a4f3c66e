// Elixir Mix's `mix.lock`: an Elixir map, one dependency per line. Hex entries are
// `"key": {:hex, :package, "version", "inner hash", [managers], [deps], "repo", "outer hash"}`;
// the repository is `hexpm` or `hexpm:<organisation>` (purl namespace). Git and path
// dependencies name a commit, not a Hex release: left out, as syft's mix cataloger does.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'elixir/mix-lock';
// Sample: `  "jason": {:hex, :jason, "1.4.1", "af15…63", [:mix], [{:decimal, …}], "hexpm", "fbb0…a7"},`.
const HEX_ENTRY = /^\s*"([^"]+)":\s*\{:hex,\s*:"?([A-Za-z0-9_]+)"?,\s*"([^"]+)"/;
// The repository after the dependency list: `], "hexpm", "fbb0…a7"}` or `], "hexpm:acme", …`.
const REPO = /\],\s*"([^"]+)",\s*"[0-9a-f]*"\s*\}\s*,?\s*$/;
// Any entry line, for counting what was not read: `  "phoenix": {:git, …`.
const ENTRY = /^\s*"[^"]+":\s*\{:/;

export const mixLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'mix.lock' || innerPath.endsWith('/mix.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  if (!text.trimStart().startsWith('%{')) {
    malformed(result, file.path, 'mix.lock does not start with a map (%{)');
    return result;
  }
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineOffset = offset;
    offset += Buffer.byteLength(line) + 1;
    const hex = HEX_ENTRY.exec(line);
    if (!hex) {
      if (ENTRY.test(line) && !line.includes('{:git,') && !line.includes('{:path,')) malformed(result, file.path, `unreadable entry at byte ${lineOffset}`);
      continue;
    }
    const name = hex[2] ?? '';
    const version = hex[3] ?? '';
    const repo = REPO.exec(line)?.[1] ?? 'hexpm';
    const organisation = repo.startsWith('hexpm:') ? repo.slice(6) : undefined;
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'hex', namespace: organisation?.toLowerCase(), name: name.toLowerCase(), version }),
        evidence: [metadataEvidence(NAME, file.path, line.trim().slice(0, 200), lineOffset)],
      }),
    );
  }
  return result;
}
